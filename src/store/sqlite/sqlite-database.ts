// Opens the embedded database with Node's built-in SQLite (node:sqlite, P36): WAL mode with
// synchronous=FULL, so a committed transaction survives a crash or power loss before the SMTP 250 is sent
// (D10), and the numbered migrations applied.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from './migrate.js';

/** `full` is D10's setting and the default; `normal` skips the fsync at each commit in WAL mode, and
 * exists only to measure what that fsync costs and to prove the durability test can see it missing. */
export type SqliteSynchronous = 'full' | 'normal';

export interface SqliteOptions {
  synchronous?: SqliteSynchronous;
  /** How long a write waits for another process's lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** Opened read-only and without migrations (tests and tools that look at a store another process writes). */
  readOnly?: boolean;
  /** The connection's page cache, in KiB (default 16 MiB). */
  cacheKib?: number;
}

/** The PRAGMA synchronous level a durable commit runs at. */
export function durableSynchronous(options: SqliteOptions): 'FULL' | 'NORMAL' {
  return options.synchronous === 'normal' ? 'NORMAL' : 'FULL';
}

const CACHE_KIB = 16 * 1024;
/** Pages of 32 KiB for a new database (P38): a mail's raw source is its largest row, kept in overflow
 * pages, and each page costs a WAL frame, a checksum and a copy at checkpoint; 512 KB of mail commits
 * in half the CPU it takes with 4 KiB pages, and small mail costs the same. A database made before keeps
 * its page size (WAL mode fixes it). */
const PAGE_BYTES = 32 * 1024;
const MMAP_BYTES = 1024 * 1024 * 1024;

export function openSqliteDatabase(path: string, options: SqliteOptions = {}): DatabaseSync {
  if (path !== ':memory:' && options.readOnly !== true) mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { readOnly: options.readOnly === true });
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
    if (options.readOnly !== true) {
      db.exec(`PRAGMA page_size = ${PAGE_BYTES}`);
      db.exec('PRAGMA journal_mode = WAL');
    }
    db.exec(`PRAGMA synchronous = ${durableSynchronous(options)}`);
    db.exec('PRAGMA foreign_keys = ON');
    // Reads of a large store touch pages all over the file: a 16 MiB page cache per connection, and the
    // file mapped into memory so a page not cached costs a memory read, not a read() and a copy. With 1
    // million messages this keeps a list or a read within 1.5× of its time at 10 thousand (docs/performance.md).
    db.exec(`PRAGMA cache_size = ${-Math.max(64, Math.trunc(options.cacheKib ?? CACHE_KIB))}`);
    db.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
    if (options.readOnly !== true) migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
