// Day partitions of mails, messages and attachments (RANGE on received_at, UTC days). A day's three
// partitions are made together, before the first message of that day is written (ahead of time by the
// sweep, or on the write path if a node gets there first), and dropped together once every mail in them
// has expired: retention costs a DETACH and a DROP per day, not a DELETE per message (D4 readers still
// filter on expires_at, so nothing shows between its expiry and its day's drop).
import type pg from 'pg';
import { inTransaction } from './pg-transaction.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
const TABLES = ['mails', 'messages', 'attachments'] as const;
const NAME = /^(mails|messages|attachments)_p(\d{4})(\d{2})(\d{2})$/;

export function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function partitionName(table: (typeof TABLES)[number], day: number): string {
  return `${table}_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

function dayOfName(name: string): number | null {
  const m = NAME.exec(name);
  return m === null ? null : Date.UTC(Number(m[2]), Number(m[3]) - 1, Number(m[4]));
}

/** Creates the three partitions of a day when missing. Serialised across nodes by an advisory lock. */
export async function ensureDayPartitions(pool: pg.Pool, day: number): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':inboxd-partitions'))`);
    for (const table of TABLES) {
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${partitionName(table, day)} PARTITION OF ${table} FOR VALUES FROM (${day}) TO (${day + DAY_MS})`,
      );
    }
  });
}

interface PartitionRow {
  relname: string;
  relispartition: boolean;
}

/**
 * Drops every day whose mails have all expired at `now` (its day has ended and its latest expires_at is
 * past), and returns how many mails went. One node sweeps at a time; the others skip.
 */
export async function dropExpiredDays(pool: pg.Pool, now: number): Promise<number> {
  const client = await pool.connect();
  // A failure anywhere discards the connection, which also lets go of its session lock.
  let healthy = false;
  try {
    const { rows: got } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${SWEEP_LOCK}) AS ok`);
    if (got[0]?.ok !== true) {
      healthy = true;
      return 0;
    }
    const dropped = await dropDays(client, now);
    await client.query(`SELECT pg_advisory_unlock(${SWEEP_LOCK})`);
    healthy = true;
    return dropped;
  } finally {
    client.release(!healthy);
  }
}

const SWEEP_LOCK = `hashtext(current_schema() || ':inboxd-sweep')`;

async function dropDays(client: pg.PoolClient, now: number): Promise<number> {
  const { rows } = await client.query<PartitionRow>(
    `SELECT relname, relispartition FROM pg_class
     WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname ~ '^(mails|messages|attachments)_p[0-9]{8}$'`,
  );
  const days = new Map<number, PartitionRow[]>();
  for (const row of rows) {
    const day = dayOfName(row.relname);
    if (day === null || day + DAY_MS > now) continue;
    days.set(day, [...(days.get(day) ?? []), row]);
  }
  let dropped = 0;
  for (const [day, partitions] of [...days].sort(([a], [b]) => a - b)) {
    const mails = partitions.find((p) => p.relname === partitionName('mails', day));
    let count = 0;
    if (mails !== undefined) {
      // max() reads one end of the expires_at index; the count runs only for a day about to go.
      const { rows: latest } = await client.query<{ last: number | null }>(
        `SELECT max(expires_at) AS last FROM ${mails.relname}`,
      );
      const last = latest[0]?.last ?? null;
      if (last !== null && last > now) continue;
      const { rows: counted } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${mails.relname}`);
      count = counted[0]?.n ?? 0;
    }
    // DETACH … CONCURRENTLY waits for readers instead of locking them out; the DROP that follows
    // touches a table nobody reads any more. Messages and attachments first, the mails last.
    const ordered = [...partitions].sort(
      (a, b) => Number(a.relname.startsWith('mails_')) - Number(b.relname.startsWith('mails_')),
    );
    for (const partition of ordered) {
      const parent = NAME.exec(partition.relname)?.[1] as string;
      if (partition.relispartition) await detach(client, parent, partition.relname);
      await client.query(`DROP TABLE IF EXISTS ${partition.relname}`);
    }
    dropped += count;
  }
  return dropped;
}

async function detach(client: pg.PoolClient, parent: string, partition: string): Promise<void> {
  try {
    await client.query(`ALTER TABLE ${parent} DETACH PARTITION ${partition} CONCURRENTLY`);
  } catch (error) {
    // A detach interrupted earlier (a node killed mid-sweep) is finished instead of started again.
    if (!/pending detach/i.test((error as Error).message)) throw error;
    await client.query(`ALTER TABLE ${parent} DETACH PARTITION ${partition} FINALIZE`);
  }
}
