// A message summary as the SQL adapters (SQLite, PostgreSQL) read it, and its mapping to a record: the
// same columns in both schemas; `seen` is 0/1 in SQLite and a boolean in PostgreSQL.
import type { AttachmentRecord, MessageSummaryRecord, StoredHeader, StoredMessage } from './message-store.js';

export interface SummaryRow {
  id: string;
  mailbox: string;
  env_from: string;
  from_name: string | null;
  subject: string | null;
  received_at: number;
  expires_at: number;
  seen: number | boolean;
  attachment_count: number;
}

export interface MessageRow extends SummaryRow {
  text_body: string | null;
  html_body: string | null;
  headers: string;
  mail_id: string;
  /** 0/1 in SQLite, a boolean in PostgreSQL (D29: whether the mail's decode is kept). */
  decoded: number | boolean;
}

export const SUMMARY_COLUMNS = `m.id, m.mailbox, ma.env_from, ma.from_name, ma.subject, m.received_at, m.expires_at, m.seen,
  ma.attachment_count`;

/** The same columns as a tuple, in SUMMARY_COLUMNS' order: node:sqlite reads a list of 50 about a fifth
 * faster as arrays than as objects (P36), and a list is what a poll reads. */
export type SummaryTuple = [string, string, string, string | null, string | null, number, number, number, number];

export function tupleToSummary([
  id,
  mailbox,
  from,
  fromName,
  subject,
  receivedAt,
  expiresAt,
  seen,
  attachmentCount,
]: SummaryTuple): MessageSummaryRecord {
  return { id, mailbox, from, fromName, subject, receivedAt, expiresAt, seen: seen === 1, attachmentCount };
}

export function toSummary(row: SummaryRow): MessageSummaryRecord {
  return {
    id: row.id,
    mailbox: row.mailbox,
    from: row.env_from,
    fromName: row.from_name,
    subject: row.subject,
    receivedAt: row.received_at,
    expiresAt: row.expires_at,
    seen: row.seen === true || row.seen === 1,
    attachmentCount: row.attachment_count,
  };
}

/** A message row as the store hands it on: its decoded content only once the mail has been decoded. */
export function isDecoded(row: MessageRow): boolean {
  return row.decoded === true || row.decoded === 1;
}

/** `attachments` are the mail's, read only when it is decoded (isDecoded). */
export function toStoredMessage(row: MessageRow, attachments: AttachmentRecord[]): StoredMessage {
  return {
    ...toSummary(row),
    mailId: row.mail_id,
    content: isDecoded(row)
      ? { text: row.text_body, html: row.html_body, headers: JSON.parse(row.headers) as StoredHeader[], attachments }
      : null,
  };
}
