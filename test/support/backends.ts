// The shared engines the PostgreSQL and Redis tests run against: this machine's by default, others by
// INBOXD_TEST_PG_URL / INBOXD_TEST_REDIS_URL. Without them those tests are skipped, saying why, unless
// INBOXD_REQUIRE_SHARED=1 (CI), where a missing engine is a failure. Every test gets its own PostgreSQL
// schema and its own Redis key prefix, so tests running side by side never see each other's data.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export const TEST_PG_URL = process.env.INBOXD_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.INBOXD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUIRED = process.env.INBOXD_REQUIRE_SHARED === '1';

function unavailable(engine: string, url: string, error: unknown): string {
  const reason = `${engine} is not reachable at ${url} (${(error as Error).message || String(error)}): start it or set ${engine === 'PostgreSQL' ? 'INBOXD_TEST_PG_URL' : 'INBOXD_TEST_REDIS_URL'}`;
  if (REQUIRED) throw new Error(`INBOXD_REQUIRE_SHARED=1 but ${reason}`);
  return `skipped: ${reason}`;
}

/** null when PostgreSQL answers; else the reason to skip. */
export async function postgresSkipReason(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return unavailable('PostgreSQL', TEST_PG_URL, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** null when Redis answers; else the reason to skip. */
export async function redisSkipReason(): Promise<string | null> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return unavailable('Redis', TEST_REDIS_URL, error);
  } finally {
    redis.disconnect();
  }
}

export interface TestSchema {
  /** The database URL with this schema first on the search_path. */
  url: string;
  drop(): Promise<void>;
}

/** A new, empty schema in the test database. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = `inboxd_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await client.end();
    },
  };
}

/** A Redis key prefix no other test uses. */
export function testRedisPrefix(): string {
  return `inboxd-test-${randomBytes(6).toString('hex')}:`;
}
