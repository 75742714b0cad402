// The little that SQL written once needs from an engine (issue 18): read rows, and run a write and learn
// how many rows it matched. The SQLite and PostgreSQL adapters each implement it in a few lines.
//
// Placeholders are written PostgreSQL's way, `$1`, `$2`, … (a number may repeat, meaning the same value):
// that is the only form `pg` accepts, and SQLite has the same numbered form, spelled `?1`, `?2`, …, so
// its runner (sqlite-directory.ts) rewrites `$` to `?` and passes the values as given. Named parameters
// would need a translation on the PostgreSQL side instead, and a bare `?` cannot repeat a value. The
// rewrite is textual: SQL given to a runner keeps `$` out of its string literals and identifiers.

/** What the directory binds: text, integers (milliseconds, counts) and NULL. */
export type SqlValue = string | number | null;

export interface SqlRunner {
  /** The rows a statement reads (a SELECT, or a write with RETURNING), as objects keyed by column. */
  query<R>(sql: string, params?: readonly SqlValue[]): Promise<R[]>;
  /** Runs a write; resolves to the number of rows it matched (inserted, updated or deleted). */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}
