// Opens the embedded database: WAL mode with synchronous=FULL, so a committed transaction survives a
// crash or power loss before the SMTP 250 is sent (D10), and the numbered migrations applied.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';

export function openSqliteDatabase(path: string): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // Operator commands run in their own process beside the server: wait for the writer, never fail.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
