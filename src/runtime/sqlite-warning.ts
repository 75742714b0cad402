// On Node 22 the first use of node:sqlite prints "ExperimentalWarning: SQLite is an experimental feature"
// on every start; 24 and 26 no longer do. inboxd chose node:sqlite knowingly (P36), so that one warning is
// dropped; every other warning is printed as before.
export function quietSqliteWarning(): void {
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const first = rest[0];
    const type = typeof first === 'string' ? first : (first as { type?: string } | undefined)?.type;
    const text = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && text.startsWith('SQLite is an experimental feature')) return;
    emit(warning, ...rest);
  }) as typeof process.emitWarning;
}
