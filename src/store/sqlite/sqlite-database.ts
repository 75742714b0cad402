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

const CACHE_KIB = 16 * 1024;
const MMAP_BYTES = 1024 * 1024 * 1024;

export function openSqliteDatabase(path: string, options: SqliteOptions = {}): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  // Reads of a large store touch pages all over the file: a 16 MiB page cache per connection, and the
  // file mapped into memory so a page not cached costs a memory read, not a read() and a copy. With 1
  // million messages this keeps a list or a read within 1.5× of its time at 10 thousand (docs/performance.md).
  db.pragma(`cache_size = ${-CACHE_KIB}`);
  db.pragma(`mmap_size = ${MMAP_BYTES}`);
  migrate(db);
  return db;
}
