// The MessageStore interface: everything the service keeps about mail. Both adapters, SQLite (embedded,
// sqlite/sqlite-store.ts) and PostgreSQL (shared by several nodes, postgres/pg-store.ts), pass the one
// contract suite in message-store-contract.ts.
//
// A received message is stored once as a "mail" and delivered as one "message" per recipient mailbox
// (D9), each with its own id and `seen` flag. A mail goes when its last message goes.
//
// D29: a mail is saved with its raw source (the one stored copy of its bytes) and the summary its
// structural scan gave; what decoding it yields (bodies, headers, attachments) is saved once, at its
// first read (saveDecoded). An attachment is kept as the range of the raw source that encodes it, and
// only where that range could not be confirmed, as its decoded bytes.

export interface StoredHeader {
  name: string;
  value: string;
}

/** How an attachment's range of the raw source decodes (postal-mime's three body decoders). */
export type RangeDecoder = 'base64' | 'quoted-printable' | 'identity';

/** Where an attachment's bytes are: a range [start, end) of the raw source, or its own decoded copy. */
export type AttachmentBody = { start: number; end: number; decoder: RangeDecoder } | { content: Uint8Array };

export interface NewAttachment {
  id: string;
  filename: string;
  mime: string;
  /** Decoded size in bytes. */
  size: number;
  body: AttachmentBody;
}

export interface NewMail {
  id: string;
  receivedAt: number;
  expiresAt: number;
  from: string;
  fromName: string | null;
  subject: string | null;
  attachmentCount: number;
  raw: Uint8Array;
}

/** What decoding a mail yields (D29); its summary fields replace the scan's where they differ. */
export interface DecodedMail {
  fromName: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  headers: StoredHeader[];
  attachments: NewAttachment[];
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

export interface DecodedContent {
  text: string | null;
  html: string | null;
  headers: StoredHeader[];
  attachments: AttachmentRecord[];
}

/** One message as stored: its summary, its mail, and what decoding gave if it has been decoded. */
export interface StoredMessage extends MessageSummaryRecord {
  mailId: string;
  content: DecodedContent | null;
}

/** One message with its decoded content. */
export interface MessageRecord extends Omit<MessageSummaryRecord, 'attachmentCount'>, DecodedContent {}

/** An attachment and its bytes as stored: `decoder` null when `bytes` is the decoded content, else
 * `bytes` is the range of the raw source and decodes with it. */
export interface AttachmentSource extends AttachmentRecord {
  bytes: Uint8Array;
  decoder: RangeDecoder | null;
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
   * take over the bytes of `mail.raw` (the SQLite writer thread moves them rather than copying): the
   * caller must not use them after the call. */
  saveMail(mail: NewMail, deliveries: NewDelivery[]): Promise<void>;
  /** Keeps what decoding the mail gave (D29). The first decode saved wins: a mail already decoded (by
   * another reader or node) is left as it is. Lost in a crash it costs only a second decode, so it
   * need not wait for its own fsync. May take over the bytes of attachment contents. Resolves with the
   * mailboxes whose list shows something new (the decode changed the name, subject or attachment count
   * the scan gave), none when it changed nothing there or was not kept. */
  saveDecoded(mailId: string, decoded: DecodedMail): Promise<string[]>;
  /** Newest first, at most `limit`, unexpired only. */
  listMessages(query: ListQuery): Promise<MessageSummaryRecord[]>;
  getMessage(mailbox: string, id: string, now: number): Promise<StoredMessage | null>;
  /** Sets seen=true (D3); returns false when there is no such unexpired message. */
  markSeen(mailbox: string, id: string, now: number): Promise<boolean>;
  /** Sets seen=true only if it was false; true when this call did it, so that two waiters never both
   * take the same message (D24). */
  claimUnseen(mailbox: string, id: string, now: number): Promise<boolean>;
  /** Removes the message; its mail goes with its last message. Idempotent (D1). */
  deleteMessage(mailbox: string, id: string): Promise<void>;
  getAttachment(mailbox: string, attachmentId: string, now: number): Promise<AttachmentSource | null>;
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
