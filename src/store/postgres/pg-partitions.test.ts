import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type pg from 'pg';
import { createTestSchema, postgresSkipReason, type TestSchema } from '../../../test/support/backends.js';
import type { MessageStore, NewMail } from '../message-store.js';
import { openPgPool } from './pg-database.js';
import { DAY_MS } from './pg-partitions.js';
import { pgMessageStore } from './pg-store.js';

const skip = await postgresSkipReason();
const DAY1 = Date.UTC(2026, 10, 21);

function mail(id: string, receivedAt: number): NewMail {
  return {
    id,
    receivedAt,
    expiresAt: receivedAt + 5 * DAY_MS,
    from: 'a@b.test',
    fromName: null,
    subject: id,
    attachmentCount: 0,
    raw: new Uint8Array([65]),
  };
}

describe('PostgreSQL day partitions (D4)', { skip: skip ?? false }, () => {
  let schema: TestSchema;
  let pool: pg.Pool;
  let store: MessageStore;
  const partitions = async () =>
    (
      await pool.query<{ relname: string }>(
        `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE c.relnamespace = current_schema()::regnamespace ORDER BY 1`,
      )
    ).rows
      .map((r) => r.relname)
      .filter((name) => /_p\d{8}$/.test(name));

  before(async () => {
    schema = await createTestSchema();
    pool = await openPgPool({ url: schema.url, poolSize: 4 });
    store = pgMessageStore(pool);
  });
  after(async () => {
    await store.close();
    await schema.drop();
  });

  it('keeps each arrival day in partitions of its own, made before its first message', async () => {
    await store.saveMail(mail('01JAAAAAAAAAAAAAAAAAAAAAA1', DAY1 + 3_600_000), [
      { id: '01JAAAAAAAAAAAAAAAAAAAAAM1', mailbox: 'p@x.test' },
    ]);
    await store.saveMail(mail('01JAAAAAAAAAAAAAAAAAAAAAA2', DAY1 + DAY_MS + 60_000), [
      { id: '01JAAAAAAAAAAAAAAAAAAAAAM2', mailbox: 'p@x.test' },
    ]);
    assert.deepEqual(await partitions(), [
      'attachments_p20261121',
      'attachments_p20261122',
      'mails_p20261121',
      'mails_p20261122',
      'messages_p20261121',
      'messages_p20261122',
    ]);
    const counts = await pool.query<{ n: number }>('SELECT count(*) AS n FROM messages_p20261122');
    assert.equal(counts.rows[0]?.n, 1);
  });

  it("makes the next day's partitions ahead, at each sweep", async () => {
    await store.deleteExpired(DAY1 + DAY_MS + 10);
    assert.ok((await partitions()).includes('mails_p20261123'));
  });

  it('drops a day whole (mails, messages, attachments) only once every mail in it has expired', async () => {
    assert.equal(
      await store.deleteExpired(DAY1 + 5 * DAY_MS + 3_600_000 - 1),
      0,
      'one mail of the first day is not expired yet',
    );
    assert.ok((await partitions()).includes('mails_p20261121'));
    assert.equal(await store.deleteExpired(DAY1 + 5 * DAY_MS + 3_600_000), 1);
    const left = await partitions();
    assert.equal(
      left.some((p) => p.endsWith('_p20261121')),
      false,
      `the first day is gone: ${left.join(', ')}`,
    );
    assert.ok(left.includes('messages_p20261122'));
    const page = await store.listMessages({ mailbox: 'p@x.test', limit: 10, now: DAY1 + 5 * DAY_MS + 3_600_000 });
    assert.deepEqual(
      page.map((m) => m.subject),
      ['01JAAAAAAAAAAAAAAAAAAAAAA2'],
    );
  });

  it('applies each migration once when several nodes open one database together', async () => {
    const other = await createTestSchema();
    const pools = await Promise.all([1, 2, 3].map(() => openPgPool({ url: other.url, poolSize: 2 })));
    const { rows } = await pools[0]!.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    assert.deepEqual(
      rows.map((r) => r.version),
      [1, 2, 3],
    );
    for (const p of pools) await p.end();
    await other.drop();
  });
});
