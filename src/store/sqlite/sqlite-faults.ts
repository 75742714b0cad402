// Which SQLite errors are passing faults (store/storage-faults.ts): the database locked by another
// process past the busy timeout, an I/O or fsync error, a full disk or database, a file that cannot be
// opened or written for now. SQLite rolls the failed transaction back, so nothing half-done is left.
const TRANSIENT = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|PROTOCOL|NOMEM|NOLFS)/;

// SQLite's primary result codes (sqlite.org/rescode.html), by number: node:sqlite reports the extended
// code of a failure as a number (`errcode`); the fault guard, the logs and the tests speak of names.
const PRIMARY_CODES = [
  'OK',
  'ERROR',
  'INTERNAL',
  'PERM',
  'ABORT',
  'BUSY',
  'LOCKED',
  'NOMEM',
  'READONLY',
  'INTERRUPT',
  'IOERR',
  'CORRUPT',
  'NOTFOUND',
  'FULL',
  'CANTOPEN',
  'PROTOCOL',
  'EMPTY',
  'SCHEMA',
  'TOOBIG',
  'CONSTRAINT',
  'MISMATCH',
  'MISUSE',
  'NOLFS',
  'AUTH',
  'FORMAT',
  'RANGE',
  'NOTADB',
];

/** The SQLite result code of an error as `SQLITE_<NAME>` (for example `SQLITE_BUSY`), or undefined when
 * the error did not come from SQLite. An error already carrying such a code (one rebuilt after crossing
 * from the writer thread) keeps it. */
export function sqliteCode(error: unknown): string | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return code;
  if (typeof errcode !== 'number') return undefined;
  const name = PRIMARY_CODES[errcode & 0xff];
  return name === undefined ? undefined : `SQLITE_${name}`;
}

export function isTransientSqliteError(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== undefined && TRANSIENT.test(code);
}
