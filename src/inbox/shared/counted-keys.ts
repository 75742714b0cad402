// A count per key of what holds it (open waits and streams of a network, waits on a mailbox): one more
// holder now, and a release that counts it out once however often it is called; a key with none left goes.

/** Counts one more holder of `key` in `counts`; the returned function releases it (once). */
export function holdKey(counts: Map<string, number>, key: string): () => void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(key) ?? 1) - 1;
    if (left === 0) counts.delete(key);
    else counts.set(key, left);
  };
}
