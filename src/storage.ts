// Opens the storage adapters the configuration selects, for the server and the operator commands alike:
// PostgreSQL when INBOXD_DATABASE_URL is set (shared by every node), else SQLite in the data directory.
// With app.ts, the only file that knows concrete adapters (checked by .dependency-cruiser.cjs).
import { join } from 'node:path';
import type { Config } from './config/config.js';
import type { DirectoryStore } from './store/directory-store.js';
import type { MessageStore } from './store/message-store.js';
import { durabilityWarnings, openPgPool } from './store/postgres/pg-database.js';
import { pgDirectoryStore } from './store/postgres/pg-directory.js';
import { pgMessageStore } from './store/postgres/pg-store.js';
import { sqliteDirectoryStore } from './store/sqlite/sqlite-directory.js';
import { openSqliteDatabase } from './store/sqlite/sqlite-database.js';
import { sqliteMessageStore } from './store/sqlite/sqlite-store.js';

export interface Storage {
  kind: 'sqlite' | 'postgres';
  /** Settings of the engine that weaken durability (D10), for the server to log at start. */
  warnings: string[];
  messages: MessageStore;
  directory: DirectoryStore;
  close(): Promise<void>;
}

export async function openStorage(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databasePoolSize'>): Promise<Storage> {
  if (config.databaseUrl !== undefined) {
    const pool = await openPgPool({ url: config.databaseUrl, poolSize: config.databasePoolSize });
    const messages = pgMessageStore(pool);
    const warnings = await durabilityWarnings(pool);
    return { kind: 'postgres', warnings, messages, directory: pgDirectoryStore(pool), close: () => messages.close() };
  }
  const db = openSqliteDatabase(join(config.dataDir, 'inboxd.sqlite'));
  const messages = sqliteMessageStore(db);
  return { kind: 'sqlite', warnings: [], messages, directory: sqliteDirectoryStore(db), close: () => messages.close() };
}
