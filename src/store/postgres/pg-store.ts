// The PostgreSQL MessageStore, shared by every node. Mails, messages and attachments are partitioned by
// arrival day (pg-partitions.ts); each saveMail is one transaction that PostgreSQL has flushed to its WAL
// before it returns, so the SMTP 250 follows a durable commit (D10). Readers filter on expires_at (D4).
import type pg from 'pg';
import type {
  AttachmentRecord,
  AttachmentSource,
  DecodedMail,
  MessageStore,
  NewDelivery,
  NewMail,
  RangeDecoder,
  StoredMessage,
} from '../message-store.js';
import {
  isDecoded,
  SUMMARY_COLUMNS,
  toStoredMessage,
  toSummary,
  type MessageRow,
  type SummaryRow,
} from '../message-rows.js';
import { dayStart, DAY_MS, dropExpiredDays, ensureDayPartitions } from './pg-partitions.js';
import { inTransaction } from './pg-transaction.js';

const JOIN_MAIL = 'FROM messages m JOIN mails ma ON ma.id = m.mail_id AND ma.received_at = m.received_at';
/** No partition of the parent matches the row: the day's partitions are missing (check_violation). */
const NO_PARTITION = '23514';

function bytes(content: Uint8Array): Buffer {
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

async function insertMail(client: pg.PoolClient, mail: NewMail, deliveries: NewDelivery[]): Promise<void> {
  await client.query(
    `INSERT INTO mails (id, received_at, expires_at, env_from, from_name, subject, headers, attachment_count, raw, decoded)
     VALUES ($1, $2, $3, $4, $5, $6, '[]', $7, $8, false)`,
    [
      mail.id,
      mail.receivedAt,
      mail.expiresAt,
      mail.from,
      mail.fromName,
      mail.subject,
      mail.attachmentCount,
      bytes(mail.raw),
    ],
  );
  await client.query(
    `INSERT INTO messages (id, mailbox, mail_id, received_at, expires_at)
     SELECT id, mailbox, $3, $4, $5 FROM unnest($1::text[], $2::text[]) AS d (id, mailbox)`,
    [deliveries.map((d) => d.id), deliveries.map((d) => d.mailbox), mail.id, mail.receivedAt, mail.expiresAt],
  );
}

const EMPTY = Buffer.alloc(0);

/** The first decode of a mail wins (D29): the mail row is claimed with `NOT decoded` under its row lock,
 * so a second node's decode of the same mail changes nothing. */
async function insertDecoded(client: pg.PoolClient, mailId: string, decoded: DecodedMail): Promise<string[]> {
  // The summary as the scan saved it, locked, so a concurrent decode on another node waits and then
  // finds the mail decoded.
  const { rows: found } = await client.query<{
    received_at: string;
    from_name: string | null;
    subject: string | null;
    attachment_count: number;
  }>('SELECT received_at, from_name, subject, attachment_count FROM mails WHERE id = $1 AND NOT decoded FOR UPDATE', [
    mailId,
  ]);
  const before = found[0];
  if (before === undefined) return [];
  const receivedAt = before.received_at;
  await client.query(
    `UPDATE mails SET decoded = true, from_name = $3, subject = $4, text_body = $5, html_body = $6, headers = $7,
       attachment_count = $8 WHERE id = $1 AND received_at = $2`,
    [
      mailId,
      receivedAt,
      decoded.fromName,
      decoded.subject,
      decoded.text,
      decoded.html,
      JSON.stringify(decoded.headers),
      decoded.attachments.length,
    ],
  );
  for (const [position, a] of decoded.attachments.entries()) {
    const range = 'content' in a.body ? null : a.body;
    await client.query(
      `INSERT INTO attachments (id, mail_id, received_at, position, filename, mime, size, content, decoder, range_start, range_end)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        a.id,
        mailId,
        receivedAt,
        position,
        a.filename,
        a.mime,
        a.size,
        'content' in a.body ? bytes(a.body.content) : EMPTY,
        range?.decoder ?? null,
        range?.start ?? null,
        range?.end ?? null,
      ],
    );
  }
  if (
    before.from_name === decoded.fromName &&
    before.subject === decoded.subject &&
    before.attachment_count === decoded.attachments.length
  )
    return [];
  const { rows: mailboxes } = await client.query<{ mailbox: string }>(
    'SELECT mailbox FROM messages WHERE mail_id = $1 AND received_at = $2',
    [mailId, receivedAt],
  );
  return mailboxes.map((r) => r.mailbox);
}

export function pgMessageStore(pool: pg.Pool): MessageStore {
  /** Days whose partitions this node has seen made; the rest are made before the first write. */
  const readyDays = new Set<number>();

  async function ensureDay(day: number): Promise<void> {
    if (readyDays.has(day)) return;
    await ensureDayPartitions(pool, day);
    readyDays.add(day);
  }

  async function save(mail: NewMail, deliveries: NewDelivery[]): Promise<void> {
    await ensureDay(dayStart(mail.receivedAt));
    await inTransaction(pool, (client) => insertMail(client, mail, deliveries));
  }

  return {
    async saveMail(mail, deliveries) {
      try {
        await save(mail, deliveries);
      } catch (error) {
        // Another node dropped a day this one remembered (only after a clock jump): make it again, once.
        if ((error as { code?: string }).code !== NO_PARTITION) throw error;
        readyDays.delete(dayStart(mail.receivedAt));
        await save(mail, deliveries);
      }
    },
    saveDecoded: (mailId, decoded) => inTransaction(pool, (client) => insertDecoded(client, mailId, decoded)),
    async listMessages(query) {
      const args: unknown[] = [query.mailbox, query.now, query.limit];
      let before = '';
      if (query.before !== undefined) {
        args.push(query.before);
        before = 'AND m.id < $4';
      }
      const { rows } = await pool.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} ${JOIN_MAIL}
         WHERE m.mailbox = $1 AND m.expires_at > $2 ${before} ORDER BY m.id DESC LIMIT $3`,
        args,
      );
      return rows.map(toSummary);
    },
    async getMessage(mailbox, id, now): Promise<StoredMessage | null> {
      const { rows } = await pool.query<MessageRow>(
        `SELECT ${SUMMARY_COLUMNS}, ma.text_body, ma.html_body, ma.headers, m.mail_id, ma.decoded ${JOIN_MAIL}
         WHERE m.mailbox = $1 AND m.id = $2 AND m.expires_at > $3`,
        [mailbox, id, now],
      );
      const row = rows[0];
      if (row === undefined) return null;
      if (!isDecoded(row)) return toStoredMessage(row, []);
      const { rows: attachments } = await pool.query<AttachmentRecord>(
        'SELECT id, filename, mime, size FROM attachments WHERE mail_id = $1 AND received_at = $2 ORDER BY position',
        [row.mail_id, row.received_at],
      );
      return toStoredMessage(row, attachments);
    },
    async markSeen(mailbox, id, now) {
      const result = await pool.query(
        'UPDATE messages SET seen = true WHERE mailbox = $1 AND id = $2 AND expires_at > $3',
        [mailbox, id, now],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async claimUnseen(mailbox, id, now) {
      // Under READ COMMITTED the second of two concurrent claims re-checks `NOT seen` after the first
      // commits, and so updates nothing (D24).
      const result = await pool.query(
        'UPDATE messages SET seen = true WHERE mailbox = $1 AND id = $2 AND expires_at > $3 AND NOT seen',
        [mailbox, id, now],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async deleteMessage(mailbox, id) {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ mail_id: string; received_at: number }>(
          'SELECT mail_id, received_at FROM messages WHERE mailbox = $1 AND id = $2',
          [mailbox, id],
        );
        const found = rows[0];
        if (found === undefined) return;
        // Locking the mail first makes two recipients' deletions take turns, so the last one out
        // sees that it is the last and removes the mail and its attachments.
        await client.query('SELECT 1 FROM mails WHERE id = $1 AND received_at = $2 FOR UPDATE', [
          found.mail_id,
          found.received_at,
        ]);
        await client.query('DELETE FROM messages WHERE mailbox = $1 AND id = $2 AND received_at = $3', [
          mailbox,
          id,
          found.received_at,
        ]);
        const { rows: left } = await client.query(
          'SELECT 1 FROM messages WHERE mail_id = $1 AND received_at = $2 LIMIT 1',
          [found.mail_id, found.received_at],
        );
        if (left.length > 0) return;
        await client.query('DELETE FROM attachments WHERE mail_id = $1 AND received_at = $2', [
          found.mail_id,
          found.received_at,
        ]);
        await client.query('DELETE FROM mails WHERE id = $1 AND received_at = $2', [found.mail_id, found.received_at]);
      });
    },
    async getAttachment(mailbox, attachmentId, now): Promise<AttachmentSource | null> {
      // A range is cut out of the raw source by PostgreSQL (substring counts bytes of a bytea, from 1).
      const { rows } = await pool.query<AttachmentRecord & { bytes: Buffer; decoder: RangeDecoder | null }>(
        `SELECT a.id, a.filename, a.mime, a.size, a.decoder,
           CASE WHEN a.decoder IS NULL THEN a.content
             ELSE substring(ma.raw FROM a.range_start + 1 FOR a.range_end - a.range_start) END AS bytes
         FROM attachments a JOIN mails ma ON ma.id = a.mail_id AND ma.received_at = a.received_at
         WHERE a.id = $1 AND EXISTS (SELECT 1 FROM messages m
           WHERE m.mail_id = a.mail_id AND m.received_at = a.received_at AND m.mailbox = $2 AND m.expires_at > $3)`,
        [attachmentId, mailbox, now],
      );
      const row = rows[0];
      if (row === undefined) return null;
      const { buffer, byteOffset, byteLength } = row.bytes;
      return {
        id: row.id,
        filename: row.filename,
        mime: row.mime,
        size: row.size,
        decoder: row.decoder,
        bytes: new Uint8Array(buffer, byteOffset, byteLength),
      };
    },
    async getRaw(mailbox, id, now) {
      const { rows } = await pool.query<{ raw: Buffer }>(
        `SELECT ma.raw ${JOIN_MAIL} WHERE m.mailbox = $1 AND m.id = $2 AND m.expires_at > $3`,
        [mailbox, id, now],
      );
      const raw = rows[0]?.raw;
      return raw === undefined ? null : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    },
    async deleteExpired(now) {
      // Today's and tomorrow's partitions are made here, ahead of their first message, so the write
      // path rarely takes the partition lock.
      for (const day of [dayStart(now), dayStart(now) + DAY_MS]) await ensureDay(day);
      const dropped = await dropExpiredDays(pool, now);
      for (const day of readyDays) if (day < dayStart(now)) readyDays.delete(day);
      return dropped;
    },
    async size() {
      const { rows } = await pool.query<{ messages: number; bytes: number }>(
        `SELECT (SELECT count(*) FROM messages) AS messages,
           (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind = 'r') AS bytes`,
      );
      return { messages: Number(rows[0]?.messages ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      if (!pool.ended && !pool.ending) await pool.end();
    },
  };
}
