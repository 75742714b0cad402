// Opens the PostgreSQL pool: bigints as numbers (our times are milliseconds, far below 2^53), bounded
// waits so a lost database fails a request in seconds instead of hanging it, and the numbered
// migrations applied. A commit returns only once PostgreSQL has flushed its WAL (synchronous_commit=on,
// the server's default), so 250 is sent only after a durable commit (D10).
import pg from 'pg';
import { migratePostgres } from './pg-migrate.js';

export interface PgOptions {
  url: string;
  /** Connections this node may hold open. */
  poolSize: number;
}

const INT8 = 20;

function parseInt8(value: string): number {
  return Number(value);
}

export function createPgPool(options: PgOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that dies (a restart, a network cut) is dropped by the pool; the next query
  // opens a new one or fails on its own. Without a listener the 'error' event would end the process.
  pool.on('error', () => undefined);
  return pool;
}

export async function openPgPool(options: PgOptions): Promise<pg.Pool> {
  const pool = createPgPool(options);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

/** What in the server's settings would break "250 only after a durable commit" (D10); empty when sound. */
export async function durabilityWarnings(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ fsync: string; commit: string }>(
    `SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS commit`,
  );
  const settings = rows[0];
  const warnings: string[] = [];
  if (settings?.fsync === 'off')
    warnings.push('PostgreSQL runs with fsync=off: a crash can lose mail already acknowledged with 250');
  if (settings?.commit === 'off')
    warnings.push('PostgreSQL runs with synchronous_commit=off: a crash can lose the last mail acknowledged with 250');
  return warnings;
}
