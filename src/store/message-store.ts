// The MessageStore interface: everything the service keeps about mail. Every adapter (SQLite now,
// PostgreSQL later) passes the one contract suite in message-store-contract.ts.
//
// A received message is stored once as a "mail" (raw source, parsed fields, attachments) and delivered
// as one "message" per recipient mailbox (D9), each with its own id and `seen` flag. A mail goes when its
// last message goes.

export interface StoredHeader {
  name: string;
  value: string;
}

export interface NewAttachment {
  id: string;
  filename: string;
  mime: string;
  content: Uint8Array;
}

export interface NewMail {
  id: string;
  receivedAt: number;
  expiresAt: number;
  from: string;
  fromName: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  headers: StoredHeader[];
  attachments: NewAttachment[];
  raw: Uint8Array;
}

export interface NewDelivery {
  /** Message id, unique per recipient (D9). */
  id: string;
  mailbox: string;
}

export interface MessageSummaryRecord {
  id: string;
  mailbox: string;
  from: string;
  fromName: string | null;
  subject: string | null;
  receivedAt: number;
  expiresAt: number;
  seen: boolean;
  attachmentCount: number;
}

export interface AttachmentRecord {
  id: string;
  filename: string;
  mime: string;
  size: number;
}

export interface MessageRecord extends Omit<MessageSummaryRecord, 'attachmentCount'> {
  text: string | null;
  html: string | null;
  headers: StoredHeader[];
  attachments: AttachmentRecord[];
}

export interface AttachmentContent extends AttachmentRecord {
  content: Uint8Array;
}

export interface ListQuery {
  mailbox: string;
  /** Only messages whose id sorts before this one (older), for paging (D2). */
  before?: string | undefined;
  limit: number;
  /** Messages with expiresAt <= now are gone to every reader (D4). */
  now: number;
}

export interface MessageStore {
  /** Stores one mail and its deliveries in one durable transaction (D10): all or nothing. The store may
   * take over the bytes of `mail.raw` and of each attachment's content (the SQLite writer thread moves
   * them rather than copying): the caller must not use them after the call. */
  saveMail(mail: NewMail, deliveries: NewDelivery[]): Promise<void>;
  /** Newest first, at most `limit`, unexpired only. */
  listMessages(query: ListQuery): Promise<MessageSummaryRecord[]>;
  getMessage(mailbox: string, id: string, now: number): Promise<MessageRecord | null>;
  /** Sets seen=true (D3); returns false when there is no such unexpired message. */
  markSeen(mailbox: string, id: string, now: number): Promise<boolean>;
  /** Sets seen=true only if it was false; true when this call did it, so that two waiters never both
   * take the same message (D24). */
  claimUnseen(mailbox: string, id: string, now: number): Promise<boolean>;
  /** Removes the message; its mail goes with its last message. Idempotent (D1). */
  deleteMessage(mailbox: string, id: string): Promise<void>;
  getAttachment(mailbox: string, attachmentId: string, now: number): Promise<AttachmentContent | null>;
  /** The message's source exactly as it was received over SMTP, byte for byte; null as getMessage. */
  getRaw(mailbox: string, id: string, now: number): Promise<Uint8Array | null>;
  /** Deletes every mail (with its messages and attachments) expired at `now`; returns how many mails. */
  deleteExpired(now: number): Promise<number>;
  /** Messages held (expired but unswept included) and the bytes the store takes, for /metrics. */
  size(): Promise<{ messages: number; bytes: number }>;
  /** Resolves when the store can serve requests (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
