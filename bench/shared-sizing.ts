// Measures what one message costs in PostgreSQL through the store alone (no SMTP, no parsing) and what one
// limiter key costs in Redis: a probe of the storage layer. docs/operations.md's sizing table is no longer
// built from it but from the bench's ingest and polls on PostgreSQL + Redis (bench/sizing-table.ts).
// Run: npx tsx bench/shared-sizing.ts [messages]
// (default 5000) against this machine's PostgreSQL and Redis (INBOXD_TEST_PG_URL / INBOXD_TEST_REDIS_URL).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import { createTestSchema, TEST_REDIS_URL, testRedisPrefix } from '../test/support/backends.js';
import { createRedisLimiter } from '../src/limits/redis-limiter.js';
import { requestLimits } from '../src/limits/request-limits.js';
import { connectRedis } from '../src/redis-connection.js';
import { openPgPool } from '../src/store/postgres/pg-database.js';
import { pgMessageStore } from '../src/store/postgres/pg-store.js';
import type { NewMail } from '../src/store/message-store.js';

const COUNT = Number(process.argv[2] ?? 5000);
const CONCURRENCY = 8;
const DAY = 86_400_000;

// A typical transactional mail: text and HTML parts of varied words (compressing about as well as real
// prose does), a code, a link, 18 headers: ~10 KB raw.
const WORDS =
  'the account your confirm please link code welcome team support email address verify sign secure password reset order invoice receipt shipping delivery update settings privacy notice thanks regards today click button below expires minutes hours ignore request security alert device login new customer service help center unsubscribe preferences'.split(
    ' ',
  );
function prose(words: number): string {
  return Array.from({ length: words }, () => WORDS[randomBytes(1)[0]! % WORDS.length]).join(' ');
}
const HEADERS = Array.from({ length: 18 }, (_, i) => ({
  name: `X-Header-${i}`,
  value: `${randomBytes(24).toString('base64')} ${prose(4)}`,
}));

function mail(now: number, withAttachment: boolean): NewMail {
  const text = `Hello,\n\nYour verification code is ${100000 + (now % 900000)}.\n\n${prose(250)}\n\nhttps://app.example.com/verify?token=${randomBytes(16).toString('hex')}\n`;
  const html = `<html><body><table><tr><td><h1>Welcome</h1>${Array.from({ length: 25 }, () => `<p style="font-family:Arial,sans-serif;color:#333333;margin:0 0 12px">${prose(12)}</p>`).join('')}</td></tr></table></body></html>`;
  const raw = Buffer.from(
    `${HEADERS.map((h) => `${h.name}: ${h.value}`).join('\r\n')}\r\n\r\n${text}\r\n${html}\r\n${withAttachment ? randomBytes(40_000).toString('base64') : ''}`,
  );
  return {
    id: ulid(now),
    receivedAt: now,
    expiresAt: now + 5 * DAY,
    from: 'noreply@app.example.com',
    fromName: 'App',
    subject: 'Confirm your account',
    attachmentCount: withAttachment ? 1 : 0,
    raw,
  };
}

async function measure(label: string, withAttachment: boolean): Promise<void> {
  const schema = await createTestSchema();
  const pool = await openPgPool({ url: schema.url, poolSize: CONCURRENCY });
  const store = pgMessageStore(pool);
  const now = Date.UTC(2026, 10, 21, 12);
  // Content made before the clock starts, so the figure is the store's, not the generator's.
  const variants = Array.from({ length: 100 }, (_, i) => mail(now + i, withAttachment));
  let next = 0;
  let rawBytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) {
        const i = next++;
        const base = variants[i % variants.length]!;
        const m = { ...base, id: ulid(now + i), receivedAt: now + i };
        rawBytes += m.raw.byteLength;
        await store.saveMail(m, [{ id: ulid(now + i), mailbox: `user${i % 500}@inboxd.test` }]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await pool.query<{ table: string; bytes: number }>(
    `SELECT relname AS table, pg_total_relation_size(oid) AS bytes FROM pg_class
     WHERE relnamespace = current_schema()::regnamespace AND relname ~ '_p20261121$' ORDER BY 1`,
  );
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`\n${label}: ${COUNT} messages, ${CONCURRENCY} concurrent writers, one recipient each`);
  console.log(`  raw source: ${(rawBytes / COUNT / 1024).toFixed(1)} KiB per message`);
  for (const r of rows)
    console.log(
      `  ${r.table.padEnd(24)} ${(r.bytes / COUNT / 1024).toFixed(2)} KiB per message (with TOAST and indexes)`,
    );
  console.log(`  total on disk: ${(total / COUNT / 1024).toFixed(2)} KiB per message`);
  console.log(
    `  saveMail: ${(COUNT / seconds).toFixed(0)} messages/s (${seconds.toFixed(1)} s), each a durable commit`,
  );
  await store.close();
  await schema.drop();
}

async function redisKeys(): Promise<void> {
  const redis = await connectRedis(TEST_REDIS_URL);
  const prefix = testRedisPrefix();
  const limiter = createRedisLimiter({ redis, prefix });
  const started = performance.now();
  const n = 5000;
  for (let i = 0; i < n; i += 1) await limiter.consume(requestLimits(`net:10.0.${i % 250}.1`, `user${i}@inboxd.test`));
  const seconds = (performance.now() - started) / 1000;
  const gcra = await redis.memory('USAGE', `${prefix}limit:address:user${n - 1}@inboxd.test`);
  const windowKey = (await redis.keys(`${prefix}limit:client:*`))[0] ?? '';
  const windowBytes = await redis.memory('USAGE', windowKey);
  console.log(`\nRedis limiter: ${(n / seconds).toFixed(0)} consume calls/s from one connection, one at a time`);
  console.log(
    `  per-address GCRA key (${gcra} bytes, lives ≤ 5 s after its last request); per-client window key ${windowKey.replace(prefix, '')} (${windowBytes} bytes, lives 61 s)`,
  );
  await redis.quit();
}

await measure('Typical mail (text + HTML, no attachment)', false);
await measure('Mail with a 40 KB attachment', true);
await redisKeys();
