// Flat as data grows: the store of the service (SQLite, reads on the calling thread and writes through
// the writer thread, as the server runs it) built by a generator, not over SMTP, at two sizes; then the
// same operations timed on each. In every store a "probe" mailbox of 200 messages answers the store-size
// question; in the large store a mailbox of 10 and one of `bigMailbox` messages answer the mailbox-size
// question. Five batches of 1,000 expired mails give five retention sweeps of equal work per store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monotonicFactory } from 'ulid';
import { openSqliteDatabase } from '../src/store/sqlite/sqlite-database.js';
import { inTransaction } from '../src/store/sqlite/sqlite-sql.js';
import { sqliteMessageStore } from '../src/store/sqlite/sqlite-store.js';
import { threadWriter } from '../src/store/sqlite/sqlite-writer.js';
import type { MessageStore } from '../src/store/message-store.js';
import { median, percentile, round } from './support/stats.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 22, 12);
const SWEEP_BATCHES = 5;
const SWEEP_BATCH_MAILS = 1000;
const ITERATIONS = 300;

export type GrowthOp = 'list newest page' | 'page with before' | 'read one' | 'retention sweep (1,000 mails)';

export interface Timing {
  medianUs: number;
  p99Us: number;
}

export interface GrowthResult {
  small: number;
  large: number;
  bigMailbox: number;
  buildSeconds: Record<'small' | 'large', number>;
  /** Probe mailbox (200 messages) in the small and the large store. */
  byStore: Record<GrowthOp, { small: Timing; large: Timing; ratio: number }>;
  /** A mailbox of 10 and one of `bigMailbox` messages, both in the large store. */
  byMailbox: Record<Exclude<GrowthOp, 'retention sweep (1,000 mails)'>, { ten: Timing; big: Timing; ratio: number }>;
}

interface Built {
  path: string;
  ids: Record<'probe' | 'ten' | 'big', string[]>;
  seconds: number;
}

/** Writes `total` messages straight into a new database, as fast as SQLite takes them. */
function build(dir: string, name: string, total: number, bigMailbox: number): Built {
  const started = performance.now();
  const path = join(dir, `${name}.sqlite`);
  const db = openSqliteDatabase(path);
  db.exec('PRAGMA synchronous = OFF');
  const insertMail =
    db.prepare(`INSERT INTO mails (id, received_at, expires_at, env_from, from_name, subject, text_body,
    html_body, headers, attachment_count, raw) VALUES (?, ?, ?, 'sender@example.com', 'Sender', ?, ?, NULL, ?, 0, ?)`);
  const insertMessage = db.prepare(
    'INSERT INTO messages (id, mailbox, mail_id, received_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const headers = JSON.stringify([
    { name: 'From', value: 'Sender <sender@example.com>' },
    { name: 'Subject', value: 'Your code' },
  ]);
  const nextId = monotonicFactory();
  const ids: Built['ids'] = { probe: [], ten: [], big: [] };
  const every = (n: number) => (n > 0 ? Math.floor(total / n) : Number.POSITIVE_INFINITY);
  const [probeEvery, tenEvery, bigEvery] = [every(200), every(10), every(bigMailbox)];
  const add = (i: number, receivedAt: number, expiresAt: number, mailbox: string) => {
    const mailId = nextId(receivedAt);
    const id = nextId(receivedAt);
    const text = `Your verification code is ${100000 + (i % 900000)}. It expires in 10 minutes. Message ${i}.`;
    const raw = Buffer.from(
      `From: Sender <sender@example.com>\r\nTo: ${mailbox}\r\nSubject: Your code\r\n\r\n${text}\r\n${'x'.repeat(300)}\r\n`,
    );
    insertMail.run(mailId, receivedAt, expiresAt, `Your code ${i}`, text, headers, raw);
    insertMessage.run(id, mailbox, mailId, receivedAt, expiresAt);
    return id;
  };
  const chunk = (from: number, to: number) =>
    inTransaction(db, () => {
      for (let i = from; i < to; i += 1) {
        const receivedAt = T0 - 4 * DAY + Math.floor((i * 4 * DAY) / total);
        let mailbox = `box${i % Math.max(1, Math.floor(total / 10))}@inboxd.test`;
        let list: string[] | undefined;
        if (i % probeEvery === 0 && ids.probe.length < 200) [mailbox, list] = ['probe@inboxd.test', ids.probe];
        else if (i % tenEvery === 1 && ids.ten.length < 10) [mailbox, list] = ['ten@inboxd.test', ids.ten];
        else if (i % bigEvery === 2 % bigEvery && ids.big.length < bigMailbox)
          [mailbox, list] = ['big@inboxd.test', ids.big];
        const id = add(i, receivedAt, receivedAt + 5 * DAY, mailbox);
        list?.push(id);
      }
    });
  for (let from = 0; from < total; from += 20_000) chunk(from, Math.min(total, from + 20_000));
  // Mails that expired (received five days ago), in batches that expire a minute apart.
  inTransaction(db, () => {
    for (let b = 0; b < SWEEP_BATCHES; b += 1) {
      for (let j = 0; j < SWEEP_BATCH_MAILS; j += 1)
        add(j, T0 - 5 * DAY - 10 * 60_000 + b * 60_000, T0 - 10 * 60_000 + b * 60_000, `old${j % 100}@inboxd.test`);
    }
  });
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return { path, ids, seconds: round((performance.now() - started) / 1000) };
}

/** Times two operations turn about, so that a slow moment of the shared machine hits both alike. */
async function timePair(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[Timing, Timing]> {
  for (let i = 0; i < 30; i += 1) {
    await a();
    await b();
  }
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < ITERATIONS; i += 1) {
    for (const [k, run] of [a, b].entries()) {
      const started = performance.now();
      await run();
      samples[k]!.push((performance.now() - started) * 1000);
    }
  }
  const timing = (x: number[]): Timing => ({ medianUs: round(median(x), 0), p99Us: round(percentile(x, 99), 0) });
  return [timing(samples[0]), timing(samples[1])];
}

function pick<T>(list: readonly T[], i: number): T {
  return list[(i * 7919) % list.length]!;
}

async function open(path: string): Promise<MessageStore> {
  const writer = threadWriter(path);
  await writer.ready();
  return sqliteMessageStore(openSqliteDatabase(path), writer);
}

interface Side {
  store: MessageStore;
  mailbox: string;
  ids: string[];
  /** The ids "read one" picks from. */
  readFrom: string[];
}

/** The three reads on two mailboxes, turn about; `limit` is the page size. */
async function comparePair(
  a: Side,
  b: Side,
  limit: number,
): Promise<Record<'list newest page' | 'page with before' | 'read one', [Timing, Timing]>> {
  // Ids are generated oldest first; the cursor for `before` is the middle of each mailbox.
  const middle = (s: Side) => s.ids[Math.floor(s.ids.length / 2)]!;
  let i = 0;
  let j = 0;
  return {
    'list newest page': await timePair(
      () => a.store.listMessages({ mailbox: a.mailbox, limit, now: T0 }),
      () => b.store.listMessages({ mailbox: b.mailbox, limit, now: T0 }),
    ),
    'page with before': await timePair(
      () => a.store.listMessages({ mailbox: a.mailbox, limit, before: middle(a), now: T0 }),
      () => b.store.listMessages({ mailbox: b.mailbox, limit, before: middle(b), now: T0 }),
    ),
    'read one': await timePair(
      () => a.store.getMessage(a.mailbox, pick(a.readFrom, i++), T0),
      () => b.store.getMessage(b.mailbox, pick(b.readFrom, j++), T0),
    ),
  };
}

/** Five sweeps of 1,000 expired mails in each store, turn about. */
async function compareSweeps(a: MessageStore, b: MessageStore): Promise<[Timing, Timing]> {
  const samples: [number[], number[]] = [[], []];
  for (let batch = 0; batch < SWEEP_BATCHES; batch += 1) {
    for (const [k, store] of [a, b].entries()) {
      const started = performance.now();
      const deleted = await store.deleteExpired(T0 - 10 * 60_000 + batch * 60_000);
      samples[k]!.push((performance.now() - started) * 1000);
      if (deleted !== SWEEP_BATCH_MAILS) throw new Error(`a sweep deleted ${deleted} mails, not ${SWEEP_BATCH_MAILS}`);
    }
  }
  const timing = (x: number[]): Timing => ({ medianUs: round(median(x), 0), p99Us: round(Math.max(...x), 0) });
  return [timing(samples[0]), timing(samples[1])];
}

const ratioOf = (a: Timing, b: Timing) => round(b.medianUs / a.medianUs, 2);

export async function runGrowth(
  options: { small: number; large: number; bigMailbox: number },
  log: (line: string) => void,
): Promise<GrowthResult> {
  const dir = mkdtempSync(join(tmpdir(), 'inboxd-bench-growth-'));
  try {
    const built = {
      small: build(dir, 'small', options.small, 0),
      large: build(dir, 'large', options.large, options.bigMailbox),
    };
    log(
      `growth: built ${options.small} messages in ${built.small.seconds} s and ${options.large} in ${built.large.seconds} s`,
    );
    const small = await open(built.small.path);
    const large = await open(built.large.path);
    const byStore = {} as GrowthResult['byStore'];
    const byMailbox = {} as GrowthResult['byMailbox'];
    try {
      const probe = (store: MessageStore, ids: string[]): Side => ({
        store,
        mailbox: 'probe@inboxd.test',
        ids,
        readFrom: ids,
      });
      const stores = await comparePair(probe(small, built.small.ids.probe), probe(large, built.large.ids.probe), 50);
      for (const [op, [a, b]] of Object.entries(stores) as [keyof typeof stores, [Timing, Timing]][])
        byStore[op] = { small: a, large: b, ratio: ratioOf(a, b) };
      const [sweepSmall, sweepLarge] = await compareSweeps(small, large);
      byStore['retention sweep (1,000 mails)'] = {
        small: sweepSmall,
        large: sweepLarge,
        ratio: ratioOf(sweepSmall, sweepLarge),
      };
      const ids = built.large.ids;
      const boxes = await comparePair(
        { store: large, mailbox: 'ten@inboxd.test', ids: ids.ten, readFrom: ids.ten },
        { store: large, mailbox: 'big@inboxd.test', ids: ids.big, readFrom: ids.big.slice(-10) },
        5,
      );
      for (const [op, [a, b]] of Object.entries(boxes) as [keyof typeof boxes, [Timing, Timing]][])
        byMailbox[op] = { ten: a, big: b, ratio: ratioOf(a, b) };
      log(`growth: ${JSON.stringify({ byStore, byMailbox })}`);
    } finally {
      await small.close();
      await large.close();
    }
    return { ...options, buildSeconds: { small: built.small.seconds, large: built.large.seconds }, byStore, byMailbox };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
