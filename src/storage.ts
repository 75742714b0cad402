// Opens the storage adapters the configuration selects, for the server and the operator commands alike:
// PostgreSQL when INBOXD_DATABASE_URL is set (shared by every node), else SQLite in the data directory.
// With app.ts, the only file that knows concrete adapters (checked by .dependency-cruiser.cjs). The
// PostgreSQL adapter is loaded only when chosen: pg takes in Node's fetch classes as it loads, some
// megabytes a SQLite node would hold for nothing (issue 15).
import { join } from 'node:path';
import type { Config } from './config/config.js';
import type { DirectoryStore } from './store/directory-store.js';
import type { MessageStore } from './store/message-store.js';
import { guardStorage } from './store/storage-faults.js';
import { sqliteDirectoryStore } from './store/sqlite/sqlite-directory.js';
import { openSqliteDatabase, type SqliteSynchronous } from './store/sqlite/sqlite-database.js';
import { isTransientSqliteError } from './store/sqlite/sqlite-faults.js';
import { sqliteMessageStore } from './store/sqlite/sqlite-store.js';
import { threadWriter } from './store/sqlite/sqlite-writer.js';

export interface Storage {
  kind: 'sqlite' | 'postgres';
  /** Settings of the engine that weaken durability (D10), for the server to log at start. */
  warnings: string[];
  messages: MessageStore;
  directory: DirectoryStore;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** How long a SQLite write waits for another process's lock. The server keeps it short, since the
   * wait blocks its event loop; an operator command waits longer for the server. */
  lockWaitMs?: number;
  /** Told of every passing fault of the engine (store/storage-faults.ts). */
  onFault?(error: unknown): void;
}

export async function openStorage(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databasePoolSize' | 'sqliteSynchronous'>,
  options: StorageOptions = {},
): Promise<Storage> {
  const onFault = options.onFault ?? (() => undefined);
  /** Both stores of one engine, wrapped so its passing faults become 503/451 (P29). */
  const assemble = (
    kind: Storage['kind'],
    warnings: string[],
    messages: MessageStore,
    directory: DirectoryStore,
    isTransient: (error: unknown) => boolean,
  ): Storage => ({
    kind,
    warnings,
    messages: guardStorage(messages, { isTransient, onFault }),
    directory: guardStorage(directory, { isTransient, onFault }),
    close: () => messages.close(),
  });
  if (config.databaseUrl !== undefined) {
    const [{ durabilityWarnings, openPgPool }, { isTransientPgError }, { pgDirectoryStore }, { pgMessageStore }] =
      await Promise.all([
        import('./store/postgres/pg-database.js'),
        import('./store/postgres/pg-faults.js'),
        import('./store/postgres/pg-directory.js'),
        import('./store/postgres/pg-store.js'),
      ]);
    const pool = await openPgPool({ url: config.databaseUrl, poolSize: config.databasePoolSize });
    return assemble(
      'postgres',
      await durabilityWarnings(pool),
      pgMessageStore(pool),
      pgDirectoryStore(pool),
      isTransientPgError,
    );
  }
  const synchronous: SqliteSynchronous = config.sqliteSynchronous;
  const path = join(config.dataDir, 'inboxd.sqlite');
  const sqliteOptions = { synchronous, busyTimeoutMs: options.lockWaitMs ?? 5000 };
  const db = openSqliteDatabase(path, sqliteOptions);
  const warnings =
    synchronous === 'full'
      ? []
      : [
          'SQLite runs with synchronous=NORMAL (INBOXD_SQLITE_SYNCHRONOUS): a crash or power loss can lose mail already acknowledged with 250',
        ];
  const writer = threadWriter(path, sqliteOptions);
  try {
    await writer.ready();
  } catch (error) {
    db.close();
    throw error;
  }
  return assemble('sqlite', warnings, sqliteMessageStore(db, writer), sqliteDirectoryStore(db), isTransientSqliteError);
}
