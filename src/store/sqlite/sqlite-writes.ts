// Every write of the SQLite MessageStore as plain synchronous statements on one connection, so the same
// code runs on the main thread (an in-memory store) and in the writer thread (sqlite-writer-thread.ts),
// where many of them share one transaction: a group commit.
import type { DatabaseSync } from 'node:sqlite';
import type { DecodedMail, NewDelivery, NewMail } from '../message-store.js';
import { statement } from './sqlite-sql.js';

const EMPTY = new Uint8Array(0);

/** Mails deleted per sweep batch: each batch is its own short transaction. */
export const SWEEP_BATCH = 500;

/** One write and its arguments, as the writer thread receives it. */
export type WriteOp =
  | { op: 'saveMail'; args: [NewMail, NewDelivery[]] }
  | { op: 'saveDecoded'; args: [string, DecodedMail] }
  | { op: 'markSeen'; args: [string, string, number] }
  | { op: 'claimUnseen'; args: [string, string, number] }
  | { op: 'deleteMessage'; args: [string, string] }
  | { op: 'sweepBatch'; args: [number] };

export interface WriteResults {
  saveMail: void;
  saveDecoded: string[];
  markSeen: boolean;
  claimUnseen: boolean;
  deleteMessage: void;
  sweepBatch: number;
}

export type SqliteWrites = { [K in WriteOp['op']]: (...args: Extract<WriteOp, { op: K }>['args']) => WriteResults[K] };

/** The statements, prepared once. None opens a transaction: the caller decides what one commit holds. */
export function prepareWrites(db: DatabaseSync): SqliteWrites {
  const insertMail = db.prepare(`INSERT INTO mails (id, received_at, expires_at, env_from, from_name, subject,
    headers, attachment_count, raw, decoded)
    VALUES (@id, @receivedAt, @expiresAt, @from, @fromName, @subject, '[]', @attachmentCount, @raw, 0)`);
  const setDecoded = db.prepare(`UPDATE mails SET decoded = 1, from_name = @fromName, subject = @subject,
    text_body = @text, html_body = @html, headers = @headers, attachment_count = @attachmentCount
    WHERE id = @id AND decoded = 0`);
  const summaryOf = statement<
    [string],
    { from_name: string | null; subject: string | null; attachment_count: number; decoded: number }
  >(db, 'SELECT from_name, subject, attachment_count, decoded FROM mails WHERE id = ?');
  const mailboxesOf = statement<[string], { mailbox: string }>(db, 'SELECT mailbox FROM messages WHERE mail_id = ?');
  const insertAttachment = db.prepare(`INSERT INTO attachments (id, mail_id, position, filename, mime, size, content,
    decoder, range_start, range_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertMessage = db.prepare(`INSERT INTO messages (id, mailbox, mail_id, received_at, expires_at)
    VALUES (?, ?, ?, ?, ?)`);
  const setSeen = db.prepare(`UPDATE messages SET seen = 1 WHERE mailbox = ? AND id = ? AND expires_at > ?`);
  const claim = db.prepare(`UPDATE messages SET seen = 1 WHERE mailbox = ? AND id = ? AND expires_at > ? AND seen = 0`);
  const mailOf = statement<[string, string], { mail_id: string }>(
    db,
    `SELECT mail_id FROM messages WHERE mailbox = ? AND id = ?`,
  );
  const deleteOne = db.prepare(`DELETE FROM messages WHERE mailbox = ? AND id = ?`);
  const deleteMailIfOrphan = db.prepare(`DELETE FROM mails WHERE id = ?
    AND NOT EXISTS (SELECT 1 FROM messages WHERE mail_id = ?)`);
  const sweep = db.prepare(`DELETE FROM mails WHERE id IN
    (SELECT id FROM mails WHERE expires_at <= ? LIMIT ${SWEEP_BATCH})`);

  return {
    saveMail(mail, deliveries) {
      insertMail.run({
        id: mail.id,
        receivedAt: mail.receivedAt,
        expiresAt: mail.expiresAt,
        from: mail.from,
        fromName: mail.fromName,
        subject: mail.subject,
        attachmentCount: mail.attachmentCount,
        raw: mail.raw,
      });
      for (const d of deliveries) insertMessage.run(d.id, d.mailbox, mail.id, mail.receivedAt, mail.expiresAt);
    },
    saveDecoded(mailId, decoded) {
      const before = summaryOf.get(mailId);
      if (before === undefined || before.decoded === 1) return [];
      const changed = setDecoded.run({
        id: mailId,
        fromName: decoded.fromName,
        subject: decoded.subject,
        text: decoded.text,
        html: decoded.html,
        headers: JSON.stringify(decoded.headers),
        attachmentCount: decoded.attachments.length,
      }).changes;
      // Decoded already, or gone (deleted, swept): nothing to add.
      if (Number(changed) === 0) return [];
      decoded.attachments.forEach((a, position) => {
        const body = a.body;
        if ('content' in body)
          insertAttachment.run(a.id, mailId, position, a.filename, a.mime, a.size, body.content, null, null, null);
        else
          insertAttachment.run(
            a.id,
            mailId,
            position,
            a.filename,
            a.mime,
            a.size,
            EMPTY,
            body.decoder,
            body.start,
            body.end,
          );
      });
      const same =
        before.from_name === decoded.fromName &&
        before.subject === decoded.subject &&
        before.attachment_count === decoded.attachments.length;
      return same ? [] : mailboxesOf.all(mailId).map((r) => r.mailbox);
    },
    markSeen: (mailbox, id, now) => Number(setSeen.run(mailbox, id, now).changes) > 0,
    claimUnseen: (mailbox, id, now) => Number(claim.run(mailbox, id, now).changes) > 0,
    deleteMessage(mailbox, id) {
      const row = mailOf.get(mailbox, id);
      if (row === undefined) return;
      deleteOne.run(mailbox, id);
      deleteMailIfOrphan.run(row.mail_id, row.mail_id);
    },
    sweepBatch: (now) => Number(sweep.run(now).changes),
  };
}

/** Runs one write; its result, or the error it threw. */
export function applyWrite(writes: SqliteWrites, write: WriteOp): unknown {
  return (writes[write.op] as (...args: unknown[]) => unknown)(...write.args);
}
