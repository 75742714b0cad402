// The events component: "a message was stored for this mailbox". Deliveries publish after the commit;
// waits (wait_for_message, `inboxd wait`, the page's live list) subscribe and wake on the event itself
// instead of polling (they only look again now and then, in case a shared event was lost). Two adapters:
// in-process (memory-events.ts) for one node, and Redis (redis-events.ts, with INBOXD_REDIS_URL), which
// carries events and versions between nodes.
//
// It also keeps each mailbox's change version (P37): every write that changes what a list of the mailbox
// shows (a delivery, a delete, a seen flag, a first decode that corrects the summary: see
// inbox/shared/touching-store.ts) moves it on after its commit, so an unchanged mailbox can be answered from a
// cached page, or with 304 to a client that holds the page already. Expiry moves no version: a cached
// page remembers when its first message expires and is not used from then on.

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
  /** Moves the version of each mailbox on. Called after the commit of a change; once it resolves, every
   * node's `version` of those mailboxes differs from every answer it gave before. */
  touch(mailboxes: readonly string[]): Promise<void>;
  /** An opaque token that is equal to an earlier answer for the same mailbox only if the mailbox was not
   * touched in between (on any node sharing the adapter). It may change without a touch (a forgotten
   * mailbox, a restart): that only costs a cache miss. */
  version(mailbox: string): Promise<string>;
  close(): Promise<void>;
}
