// The embedded DirectoryStore: the directory's SQL (sql-directory.ts) run on the SQLite database that
// also holds the messages. This file is only the runner: node:sqlite's statements, prepared once each.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { DirectoryStore } from '../directory-store.js';
import { sqlDirectoryStore } from '../sql-directory.js';
import type { SqlRunner, SqlValue } from '../sql-runner.js';

/** A runner over one node:sqlite connection. Calls are synchronous underneath; each resolves at once. */
export function sqliteRunner(db: DatabaseSync): SqlRunner {
  const prepared = new Map<string, StatementSync>();
  function statement(sql: string): StatementSync {
    let stmt = prepared.get(sql);
    if (stmt === undefined) {
      // `$1` → `?1` (the convention of sql-runner.ts): SQLite's numbered parameter, bound by position.
      stmt = db.prepare(sql.replace(/\$(\d+)/g, '?$1'));
      prepared.set(sql, stmt);
    }
    return stmt;
  }
  return {
    async query<R>(sql: string, params: readonly SqlValue[] = []) {
      return statement(sql).all(...params) as R[];
    },
    async run(sql, params = []) {
      return Number(statement(sql).run(...params).changes);
    },
  };
}

export function sqliteDirectoryStore(db: DatabaseSync): DirectoryStore {
  return sqlDirectoryStore(sqliteRunner(db));
}
