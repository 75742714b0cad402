// What every SQLite adapter shares on top of node:sqlite: statements typed by the SQL beside them, and
// a transaction around a piece of work.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';

/** A prepared statement with the types of its parameters and of the rows it reads. node:sqlite's own
 * type says only "some record"; the SQL next to each `statement()` says which. */
export interface Statement<P extends unknown[], R> {
  get(...params: P): R | undefined;
  all(...params: P): R[];
  run(...params: P): { changes: number | bigint };
}

/** `returnArrays`: rows come as arrays of their columns' values, in the SELECT's order (cheaper to build
 * than objects, for the statements a poll runs; R is then the tuple type). */
export function statement<P extends (SQLInputValue | Record<string, SQLInputValue>)[] = [], R = unknown>(
  db: DatabaseSync,
  sql: string,
  options: { returnArrays?: boolean } = {},
): Statement<P, R> {
  const prepared = db.prepare(sql);
  if (options.returnArrays === true) prepared.setReturnArrays(true);
  return prepared as unknown as Statement<P, R>;
}

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
