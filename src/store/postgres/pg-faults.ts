// Which PostgreSQL errors are passing faults (store/storage-faults.ts): a connection lost, refused or
// timed out; the server shutting down or starting; too many connections, a full disk, an I/O error;
// a serialisation failure or deadlock. The failed transaction is rolled back, so nothing half-done stays.
const SQLSTATE_CLASSES = ['08', '53', '57P', '58'];
const SQLSTATES = new Set(['40001', '40P01', '55P03']);
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

export function isTransientPgError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NODE_CODES.has(code) || SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && SQLSTATE_CLASSES.some((prefix) => code.startsWith(prefix))) return true;
  }
  return MESSAGES.test(error.message);
}
