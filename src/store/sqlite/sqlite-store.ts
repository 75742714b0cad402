// The embedded MessageStore: SQLite through better-sqlite3, in WAL mode with synchronous=FULL, so a
// committed transaction survives a crash or power loss before the SMTP 250 is sent (D10).
import type Database from 'better-sqlite3';
import type {
  AttachmentContent,
  AttachmentRecord,
  ListQuery,
  MessageRecord,
  MessageStore,
  NewDelivery,
  NewMail,
} from '../message-store.js';
import { SUMMARY_COLUMNS, toSummary, type MessageRow, type SummaryRow } from '../message-rows.js';
import { openSqliteDatabase } from './sqlite-database.js';

// Sorts after every id, so one prepared statement serves the first page and the following ones.
const AFTER_EVERY_ID = '~';
const SWEEP_BATCH = 500;

/** A MessageStore over its own database file (tests, tools); the service shares one with the directory. */
export function openSqliteStore(path: string): MessageStore {
  return sqliteMessageStore(openSqliteDatabase(path));
}

export function sqliteMessageStore(db: Database.Database): MessageStore {

  const insertMail = db.prepare(`INSERT INTO mails (id, received_at, expires_at, env_from, from_name, subject,
    text_body, html_body, headers, attachment_count, raw)
    VALUES (@id, @receivedAt, @expiresAt, @from, @fromName, @subject, @text, @html, @headers, @attachmentCount, @raw)`);
  const insertAttachment = db.prepare(`INSERT INTO attachments (id, mail_id, position, filename, mime, size, content)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertMessage = db.prepare(`INSERT INTO messages (id, mailbox, mail_id, received_at, expires_at)
    VALUES (?, ?, ?, ?, ?)`);
  const listPage = db.prepare<[string, number, string, number], SummaryRow>(`SELECT ${SUMMARY_COLUMNS}
    FROM messages m JOIN mails ma ON ma.id = m.mail_id
    WHERE m.mailbox = ? AND m.expires_at > ? AND m.id < ?
    ORDER BY m.id DESC LIMIT ?`);
  const getOne = db.prepare<[string, string, number], MessageRow>(`SELECT ${SUMMARY_COLUMNS}, ma.text_body,
    ma.html_body, ma.headers, m.mail_id
    FROM messages m JOIN mails ma ON ma.id = m.mail_id
    WHERE m.mailbox = ? AND m.id = ? AND m.expires_at > ?`);
  const attachmentsOf = db.prepare<[string], AttachmentRecord>(`SELECT id, filename, mime, size
    FROM attachments WHERE mail_id = ? ORDER BY position`);
  const setSeen = db.prepare(`UPDATE messages SET seen = 1 WHERE mailbox = ? AND id = ? AND expires_at > ?`);
  const claim = db.prepare(`UPDATE messages SET seen = 1 WHERE mailbox = ? AND id = ? AND expires_at > ? AND seen = 0`);
  const mailOf = db.prepare<[string, string], { mail_id: string }>(`SELECT mail_id FROM messages WHERE mailbox = ? AND id = ?`);
  const deleteOne = db.prepare(`DELETE FROM messages WHERE mailbox = ? AND id = ?`);
  const deleteMailIfOrphan = db.prepare(`DELETE FROM mails WHERE id = ?
    AND NOT EXISTS (SELECT 1 FROM messages WHERE mail_id = ?)`);
  const getAttachmentStmt = db.prepare<[string, string, number], AttachmentContent>(`SELECT a.id, a.filename, a.mime,
    a.size, a.content FROM attachments a
    WHERE a.id = ? AND EXISTS (SELECT 1 FROM messages m WHERE m.mail_id = a.mail_id AND m.mailbox = ? AND m.expires_at > ?)`);
  const getRawStmt = db.prepare<[string, string, number], { raw: Buffer }>(`SELECT ma.raw
    FROM messages m JOIN mails ma ON ma.id = m.mail_id
    WHERE m.mailbox = ? AND m.id = ? AND m.expires_at > ?`);
  const sweepBatch = db.prepare(`DELETE FROM mails WHERE id IN
    (SELECT id FROM mails WHERE expires_at <= ? LIMIT ${SWEEP_BATCH})`);
  const pingStmt = db.prepare('SELECT 1');
  const countMessages = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM messages');
  const fileBytes = db.prepare<[], { bytes: number }>('SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()');

  const save = db.transaction((mail: NewMail, deliveries: NewDelivery[]) => {
    insertMail.run({
      id: mail.id,
      receivedAt: mail.receivedAt,
      expiresAt: mail.expiresAt,
      from: mail.from,
      fromName: mail.fromName,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: JSON.stringify(mail.headers),
      attachmentCount: mail.attachments.length,
      raw: Buffer.from(mail.raw.buffer, mail.raw.byteOffset, mail.raw.byteLength),
    });
    mail.attachments.forEach((a, position) => {
      const content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
      insertAttachment.run(a.id, mail.id, position, a.filename, a.mime, content.byteLength, content);
    });
    for (const d of deliveries) insertMessage.run(d.id, d.mailbox, mail.id, mail.receivedAt, mail.expiresAt);
  });

  const remove = db.transaction((mailbox: string, id: string) => {
    const row = mailOf.get(mailbox, id);
    if (row === undefined) return;
    deleteOne.run(mailbox, id);
    deleteMailIfOrphan.run(row.mail_id, row.mail_id);
  });

  return {
    async saveMail(mail, deliveries) {
      save(mail, deliveries);
    },
    async listMessages(query: ListQuery) {
      return listPage.all(query.mailbox, query.now, query.before ?? AFTER_EVERY_ID, query.limit).map(toSummary);
    },
    async getMessage(mailbox, id, now): Promise<MessageRecord | null> {
      const row = getOne.get(mailbox, id, now);
      if (row === undefined) return null;
      const { attachmentCount: _count, ...summary } = toSummary(row);
      return {
        ...summary,
        text: row.text_body,
        html: row.html_body,
        headers: JSON.parse(row.headers) as MessageRecord['headers'],
        attachments: attachmentsOf.all(row.mail_id),
      };
    },
    async markSeen(mailbox, id, now) {
      return setSeen.run(mailbox, id, now).changes > 0;
    },
    async claimUnseen(mailbox, id, now) {
      return claim.run(mailbox, id, now).changes > 0;
    },
    async deleteMessage(mailbox, id) {
      remove(mailbox, id);
    },
    async getAttachment(mailbox, attachmentId, now) {
      const row = getAttachmentStmt.get(attachmentId, mailbox, now);
      if (row === undefined) return null;
      // A view over the Buffer better-sqlite3 returned, not a copy of up to 5 MiB.
      const { buffer, byteOffset, byteLength } = row.content;
      return { ...row, content: new Uint8Array(buffer, byteOffset, byteLength) };
    },
    async getRaw(mailbox, id, now) {
      const row = getRawStmt.get(mailbox, id, now);
      return row === undefined ? null : new Uint8Array(row.raw.buffer, row.raw.byteOffset, row.raw.byteLength);
    },
    async deleteExpired(now) {
      // In batches, each its own short transaction, so a large sweep never holds the writer for long.
      let total = 0;
      for (;;) {
        const { changes } = sweepBatch.run(now);
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
      if (db.open) db.close();
    },
  };
}
