// Opens the embedded database: WAL mode with synchronous=FULL, so a committed transaction survives a
// crash or power loss before the SMTP 250 is sent (D10), and the numbered migrations applied.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';

/** `full` is D10's setting and the default; `normal` skips the fsync at each commit in WAL mode, and
 * exists only to measure what that fsync costs and to prove the durability test can see it missing. */
export type SqliteSynchronous = 'full' | 'normal';

export interface SqliteOptions {
  synchronous?: SqliteSynchronous;
  /** How long a write waits for another process's lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

export function openSqliteDatabase(path: string, options: SqliteOptions = {}): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  migrate(db);
  return db;
}
