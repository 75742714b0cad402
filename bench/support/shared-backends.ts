// The machine's PostgreSQL and Redis as a bench run uses them (the ingest and polls phases' two-node runs):
// a fresh schema and a fresh key prefix for each run, dropped and deleted when the run ends, and what the
// engines did for it — the CPU time of the PostgreSQL backends serving the nodes (found by an
// application_name of the run's own), the Redis server's CPU time (the machine's one Redis, shared with
// anything else using it meanwhile), the WAL written, and the bytes the run left in its schema and prefix.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  createTestSchema,
  postgresSkipReason,
  redisSkipReason,
  TEST_PG_URL,
  TEST_REDIS_URL,
  testRedisPrefix,
  type TestSchema,
} from '../../test/support/backends.js';
import { clock, parseProcStat } from './usage.js';

export interface SharedBackends {
  /** The environment that points an inboxd node at this run's schema and prefix. */
  env: Record<string, string>;
  /** CPU ticks (user + system) of the PostgreSQL backends serving this run, and of the Redis server, by pid. */
  cpuTicks(): Promise<Map<number, number>>;
  /** The Redis server's pid, when Redis told it (one of cpuTicks' keys). */
  redisPid: number | undefined;
  /** The WAL position now, for `walBytesSince`. */
  walPosition(): Promise<string>;
  walBytesSince(position: string): Promise<number>;
  /** Bytes of the tables in this run's schema (with TOAST and indexes). */
  diskBytes(): Promise<number>;
  /** Keys under this run's prefix and the memory Redis says they take. */
  redisUsage(): Promise<{ keys: number; bytes: number }>;
  /** Deletes the prefix's keys, drops the schema and closes the connections. */
  close(): Promise<void>;
}

/** null when both engines answer; else why the shared runs are skipped. */
export async function sharedSkipReason(): Promise<string | null> {
  return (
    (await postgresSkipReason().catch((e: Error) => e.message)) ??
    (await redisSkipReason().catch((e: Error) => e.message))
  );
}

function ticksOf(pid: number): number | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).cpuTicks;
  } catch {
    return undefined; // gone, or not Linux
  }
}

async function scanKeys(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

export async function openSharedBackends(): Promise<SharedBackends> {
  const appName = `inboxd-bench-${randomBytes(4).toString('hex')}`;
  const prefix = testRedisPrefix();
  let schema: TestSchema | undefined;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    schema = await createTestSchema();
    await admin.connect();
  } catch (error) {
    await schema?.drop().catch(() => undefined);
    await admin.end().catch(() => undefined);
    redis.disconnect();
    throw error;
  }
  const url = new URL(schema.url);
  url.searchParams.set('application_name', appName);
  const schemaName = /search_path=(\S+)/.exec(url.searchParams.get('options') ?? '')?.[1] ?? 'public';
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
  const drop = schema.drop;
  return {
    env: { INBOXD_DATABASE_URL: url.toString(), INBOXD_REDIS_URL: TEST_REDIS_URL, INBOXD_REDIS_PREFIX: prefix },
    redisPid: Number.isFinite(redisPid) ? redisPid : undefined,
    async cpuTicks() {
      const { rows } = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
        [appName],
      );
      const ticks = new Map<number, number>();
      for (const pid of [...rows.map((r) => r.pid), ...(Number.isFinite(redisPid) ? [redisPid] : [])]) {
        const t = ticksOf(pid);
        if (t !== undefined) ticks.set(pid, t);
      }
      return ticks;
    },
    async walPosition() {
      const { rows } = await admin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      return rows[0]!.lsn;
    },
    async walBytesSince(position) {
      const { rows } = await admin.query<{ bytes: string }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes',
        [position],
      );
      return Number(rows[0]!.bytes);
    },
    async diskBytes() {
      const { rows } = await admin.query<{ bytes: string | null }>(
        `SELECT sum(pg_total_relation_size(c.oid))::text AS bytes FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
        [schemaName],
      );
      return Number(rows[0]?.bytes ?? 0);
    },
    async redisUsage() {
      const keys = await scanKeys(redis, prefix);
      let bytes = 0;
      for (let i = 0; i < keys.length; i += 500) {
        const pipeline = redis.pipeline();
        for (const key of keys.slice(i, i + 500)) pipeline.memory('USAGE', key);
        for (const [, value] of (await pipeline.exec()) ?? []) bytes += Number(value ?? 0);
      }
      return { keys: keys.length, bytes };
    },
    async close() {
      try {
        const keys = await scanKeys(redis, prefix);
        for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
      } finally {
        redis.disconnect();
        await admin.end().catch(() => undefined);
        await drop();
      }
    },
  };
}

/** Meters the engines' CPU from now: every `intervalMs` the backends are listed again (the pools open
 * connections as they need them); a pid first seen later counts from zero, as in support/usage.ts. */
export function meterEngines(
  backends: SharedBackends,
  intervalMs = 500,
): { stop(): Promise<{ cpuSeconds: number; redisCpuSeconds: number }> } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let initial = true;
  const sample = async () => {
    const ticks = await backends.cpuTicks().catch(() => new Map<number, number>());
    for (const [pid, t] of ticks) {
      if (initial) first.set(pid, t);
      last.set(pid, t);
    }
    initial = false;
  };
  const started = sample();
  let pending: Promise<void> = started;
  const timer = setInterval(() => (pending = pending.then(sample)), intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      await sample();
      let ticks = 0;
      let redisTicks = 0;
      for (const [pid, t] of last) {
        const spent = Math.max(0, t - (first.get(pid) ?? 0));
        ticks += spent;
        if (pid === backends.redisPid) redisTicks += spent;
      }
      return { cpuSeconds: ticks / clock(), redisCpuSeconds: redisTicks / clock() };
    },
  };
}
