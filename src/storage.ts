// Opens the storage adapters the configuration selects, for the server and the operator commands alike.
// With app.ts, the only file that knows concrete adapters (checked by .dependency-cruiser.cjs).
import { join } from 'node:path';
import type { Config } from './config/config.js';
import type { DirectoryStore } from './store/directory-store.js';
import type { MessageStore } from './store/message-store.js';
import { sqliteDirectoryStore } from './store/sqlite/sqlite-directory.js';
import { openSqliteDatabase } from './store/sqlite/sqlite-database.js';
import { sqliteMessageStore } from './store/sqlite/sqlite-store.js';

export interface Storage {
  messages: MessageStore;
  directory: DirectoryStore;
  close(): Promise<void>;
}

export function openStorage(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Storage {
  if (config.databaseUrl !== undefined) {
    throw new Error('INBOXD_DATABASE_URL: PostgreSQL is not supported by this version yet; unset it to use SQLite.');
  }
  const db = openSqliteDatabase(join(config.dataDir, 'inboxd.sqlite'));
  const messages = sqliteMessageStore(db);
  return { messages, directory: sqliteDirectoryStore(db), close: () => messages.close() };
}
