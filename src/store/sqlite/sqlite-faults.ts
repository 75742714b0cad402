// Which SQLite errors are passing faults (store/storage-faults.ts): the database locked by another
// process past the busy timeout, an I/O or fsync error, a full disk or database, a file that cannot be
// opened or written for now. SQLite rolls the failed transaction back, so nothing half-done is left.
const TRANSIENT = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|PROTOCOL|NOMEM|NOLFS)/;

export function isTransientSqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT.test(code);
}
