// The embedded MessageStore: SQLite through node:sqlite, in WAL mode with synchronous=FULL, so a
// committed transaction survives a crash or power loss before the SMTP 250 is sent (D10). Reads run on
// the calling thread; writes go through a SqliteWriter (sqlite-writer.ts): inline for an in-memory
// store, or in the writer thread, which commits the writes waiting together.
import type { DatabaseSync } from 'node:sqlite';
import type {
  AttachmentRecord,
  AttachmentSource,
  ListQuery,
  MessageStore,
  RangeDecoder,
  StoredMessage,
} from '../message-store.js';
import {
  isDecoded,
  SUMMARY_COLUMNS,
  toStoredMessage,
  tupleToSummary,
  type MessageRow,
  type SummaryTuple,
} from '../message-rows.js';
import { openSqliteDatabase } from './sqlite-database.js';
import { statement } from './sqlite-sql.js';
import { inlineWriter, type SqliteWriter } from './sqlite-writer.js';
import { SWEEP_BATCH } from './sqlite-writes.js';

// Sorts after every id, so one prepared statement serves the first page and the following ones.
const AFTER_EVERY_ID = '~';

/** A MessageStore over its own database file (tests, tools); the service shares one with the directory. */
export function openSqliteStore(path: string): MessageStore {
  return sqliteMessageStore(openSqliteDatabase(path));
}

/** `writer` defaults to writing inline on `db`; the server passes the writer thread (storage.ts). */
export function sqliteMessageStore(db: DatabaseSync, writer: SqliteWriter = inlineWriter(db)): MessageStore {
  const listPage = statement<[string, number, string, number], SummaryTuple>(
    db,
    `SELECT ${SUMMARY_COLUMNS}
    FROM messages m JOIN mails ma ON ma.id = m.mail_id
    WHERE m.mailbox = ? AND m.expires_at > ? AND m.id < ?
    ORDER BY m.id DESC LIMIT ?`,
    { returnArrays: true },
  );
  const getOne = statement<[string, string, number], MessageRow>(
    db,
    `SELECT ${SUMMARY_COLUMNS}, ma.text_body,
    ma.html_body, ma.headers, m.mail_id, ma.decoded
    FROM messages m JOIN mails ma ON ma.id = m.mail_id
    WHERE m.mailbox = ? AND m.id = ? AND m.expires_at > ?`,
  );
  const attachmentsOf = statement<[string], AttachmentRecord>(
    db,
    `SELECT id, filename, mime, size
    FROM attachments WHERE mail_id = ? ORDER BY position`,
  );
  // A range is cut out of the raw source by SQLite (substr counts bytes of a blob, from 1).
  const getAttachmentStmt = statement<
    [string, string, number],
    AttachmentRecord & { bytes: Uint8Array; decoder: RangeDecoder | null }
  >(
    db,
    `SELECT
    a.id, a.filename, a.mime, a.size, a.decoder,
    CASE WHEN a.decoder IS NULL THEN a.content ELSE substr(ma.raw, a.range_start + 1, a.range_end - a.range_start) END AS bytes
    FROM attachments a JOIN mails ma ON ma.id = a.mail_id
    WHERE a.id = ? AND EXISTS (SELECT 1 FROM messages m WHERE m.mail_id = a.mail_id AND m.mailbox = ? AND m.expires_at > ?)`,
  );
  const getRawStmt = statement<[string, string, number], { raw: Uint8Array }>(
    db,
    `SELECT ma.raw
    FROM messages m JOIN mails ma ON ma.id = m.mail_id
    WHERE m.mailbox = ? AND m.id = ? AND m.expires_at > ?`,
  );
  const mailOf = statement<[string, string], { mail_id: string }>(
    db,
    `SELECT mail_id FROM messages WHERE mailbox = ? AND id = ?`,
  );
  const seenOf = statement<[string, string, number], { seen: number }>(
    db,
    `SELECT seen FROM messages WHERE mailbox = ? AND id = ? AND expires_at > ?`,
  );
  /** The seen flags posted to the writer and not yet committed (mailbox and id): with what is committed,
   * every seen flag this store has set (P52). Reads show them as set. */
  const seenPosted = new Set<string>();
  /** Posts a seen flag's write, known as pending until its commit answers (a failed one is lost, as in a
   * crash). */
  function postSeen(key: string, write: Promise<boolean>): void {
    seenPosted.add(key);
    const settled = () => void seenPosted.delete(key);
    write.then(settled, settled);
  }
  /** As this store has set it: a seen flag posted and not yet committed reads as set. */
  function withPosted<T extends { mailbox: string; id: string; seen: boolean }>(message: T): T {
    return message.seen || !seenPosted.has(`${message.mailbox}\n${message.id}`) ? message : { ...message, seen: true };
  }
  const pingStmt = statement(db, 'SELECT 1');
  const countMessages = statement<[], { n: number }>(db, 'SELECT count(*) AS n FROM messages');
  const fileBytes = statement<[], { bytes: number }>(
    db,
    'SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()',
  );

  return {
    saveMail: (mail, deliveries) => writer.write('saveMail', mail, deliveries),
    saveDecoded: (mailId, decoded) => writer.write('saveDecoded', mailId, decoded),
    async listMessages(query: ListQuery) {
      const page = listPage
        .all(query.mailbox, query.now, query.before ?? AFTER_EVERY_ID, query.limit)
        .map(tupleToSummary);
      return seenPosted.size === 0 ? page : page.map(withPosted);
    },
    async getMessage(mailbox, id, now): Promise<StoredMessage | null> {
      const row = getOne.get(mailbox, id, now);
      if (row === undefined) return null;
      return withPosted(
        toStoredMessage(
          row,
          isDecoded(row)
            ? attachmentsOf.all(row.mail_id).map(({ id, filename, mime, size }) => ({ id, filename, mime, size }))
            : [],
        ),
      );
    },
    // A read's seen mark waits for its commit, so a read during a storage fault answers 503 as any write
    // (docs/reliability.md); it is known as posted meanwhile, so no claim takes the message.
    markSeen(mailbox, id, now) {
      const write = writer.write('markSeen', mailbox, id, now);
      postSeen(`${mailbox}\n${id}`, write);
      return write;
    },
    // A wait's claim is decided here, at once, from what is committed and what this store has posted
    // (P52): every seen flag of the database is set through this store (one process writes the file's
    // messages), and the writer commits them in the order they were posted, so the first claim posted is
    // the one that sets it. Its commit is not waited for: a seen flag is the one thing a crash, or a
    // storage fault, may lose (sqlite-writer-thread.ts), and until it is committed this store's reads
    // show it set.
    async claimUnseen(mailbox, id, now) {
      const key = `${mailbox}\n${id}`;
      if (seenPosted.has(key) || seenOf.get(mailbox, id, now)?.seen !== 0) return false;
      postSeen(key, writer.write('claimUnseen', mailbox, id, now));
      return true;
    },
    async deleteMessage(mailbox, id) {
      // Nothing to delete is known without the write lock, so a delete of a missing message does not wait
      // for the writer (nor fail while another process holds the lock).
      if (mailOf.get(mailbox, id) === undefined) return;
      await writer.write('deleteMessage', mailbox, id);
    },
    async getAttachment(mailbox, attachmentId, now): Promise<AttachmentSource | null> {
      const row = getAttachmentStmt.get(attachmentId, mailbox, now);
      // The bytes node:sqlite read, handed on as they are (not a copy of up to 5 MiB).
      return row === undefined
        ? null
        : {
            id: row.id,
            filename: row.filename,
            mime: row.mime,
            size: row.size,
            bytes: row.bytes,
            decoder: row.decoder,
          };
    },
    async getRaw(mailbox, id, now) {
      return getRawStmt.get(mailbox, id, now)?.raw ?? null;
    },
    async deleteExpired(now) {
      // In batches, each its own short transaction, so a large sweep never holds the writer for long.
      let total = 0;
      for (;;) {
        const changes = await writer.write('sweepBatch', now);
        total += changes;
        if (changes < SWEEP_BATCH) return total;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async size() {
      return { messages: countMessages.get()?.n ?? 0, bytes: fileBytes.get()?.bytes ?? 0 };
    },
    async ping() {
      pingStmt.get();
    },
    async close() {
      await writer.close();
      if (db.isOpen) db.close();
    },
  };
}
