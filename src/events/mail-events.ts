// The events component: "a message was stored for this mailbox". Deliveries publish after the commit;
// waits (wait_for_message, `inboxd wait`, the page's live list) subscribe and wake on the event itself
// instead of polling. In-process now; a shared adapter carries events between nodes.

export interface NewMailEvent {
  mailbox: string;
  messageId: string;
}

export type MailListener = (event: NewMailEvent) => void;

export interface MailEvents {
  publish(event: NewMailEvent): Promise<void>;
  /** Calls the listener for every new message of the mailbox until the returned function is called. */
  subscribe(mailbox: string, listener: MailListener): Promise<() => void>;
  /** Listeners of this process on the mailbox (for tests and metrics). */
  subscribers(mailbox: string): number;
  close(): Promise<void>;
}
