// Collects the main thread's young generation after every so many bytes of mail read (issue 15).
// Reading a message over SMTP leaves garbage of its size: the socket's read buffers, each outside the
// JavaScript heap (the DATA framing only takes views of them, P49; smtp-server, before it, copied each). Those buffers die young, but under large mail the main
// thread allocates so little on its heap that a young collection comes seldom, and V8 otherwise frees
// such memory only once it has grown by 64 MB. Under 50 senders of 7 MB mail the peak RSS fell by 25–40
// MB with a collection every 16 MiB read (counted over all mail, so the first 256 KiB of every
// message, which all senders send at once, count too). A young collection of the capped new space
// (young-generation.ts) takes a millisecond or two: under 1 % of the CPU that reading 16 MiB takes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor'; execution: 'async' }) => void;

let collect: Collect | null | undefined;

/** V8's gc() without the global that --expose-gc adds to the program: the option is on only while a
 * context of its own is made, and the function is taken from there. */
function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  } catch {
    collect = null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

export const YOUNG_GARBAGE_BYTES = 16 * 1024 * 1024;

/** Counts bytes read; past `everyBytes` since the last one, asks V8 for a young collection (in a task of
 * its own, not in the caller's turn). */
export function youngGarbage(
  everyBytes = YOUNG_GARBAGE_BYTES,
  run: () => void = () => collector()?.({ type: 'minor', execution: 'async' }),
): {
  read(bytes: number): void;
} {
  let since = 0;
  return {
    read(bytes) {
      since += bytes;
      if (since < everyBytes) return;
      since = 0;
      run();
    },
  };
}
