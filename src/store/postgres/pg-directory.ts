// The PostgreSQL DirectoryStore: the directory's SQL (sql-directory.ts) run on the pool, each statement
// on whichever connection is free. This file is only the runner.
import type pg from 'pg';
import type { DirectoryStore } from '../directory-store.js';
import { sqlDirectoryStore } from '../sql-directory.js';
import type { SqlRunner, SqlValue } from '../sql-runner.js';

export function pgRunner(pool: pg.Pool): SqlRunner {
  return {
    async query<R>(sql: string, params: readonly SqlValue[] = []) {
      return (await pool.query(sql, [...params])).rows as R[];
    },
    async run(sql, params = []) {
      return (await pool.query(sql, [...params])).rowCount ?? 0;
    },
  };
}

export function pgDirectoryStore(pool: pg.Pool): DirectoryStore {
  return sqlDirectoryStore(pgRunner(pool));
}
