// Large messages' buffers, used again (issue 15, P46). A message past the large threshold is gathered in one
// resizable ArrayBuffer (smtp/message-bytes.ts) that moves to a parser thread for its scan and then to the
// SQLite writer; the writer hands it back once the message is stored, and the next large message fills it.
// A fresh buffer's pages are faulted in and zeroed by the kernel as they are first written: 7 MB cost about
// 5 ms of the main thread that way, against 0.3–0.5 ms for a buffer written before. A message takes one
// when it holds a large-message slot (P33), not while it waits for one, so the slots' holders get the
// buffers already grown to a large message's size and those waiting hold no more than before. At most `keep`
// buffers wait here (one per large-message slot of P33 and one more, so as many as can be in use at once);
// once none has been taken for `idleMs`, those waiting are freed, so the process returns to its idle size.
// Whoever gives a buffer must hold no view of it; whoever takes one gets its old bytes, to overwrite.

export interface MessageBufferPool {
  /** A buffer used before that can grow to `maxBytes`, when one waits; its old bytes are to be overwritten. */
  take(maxBytes: number): ArrayBuffer | undefined;
  /** Hands a buffer back; kept when it is resizable and fewer than `keep` wait, else freed now. */
  give(buffer: ArrayBuffer): void;
  /** Buffers waiting. */
  waiting(): number;
}

export interface MessageBufferPoolOptions {
  keep: number;
  idleMs: number;
  /** Runs `fn` after `ms` unless cancelled (default: an unref'd setTimeout). */
  schedule?: (fn: () => void, ms: number) => () => void;
}

function unrefTimeout(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

export function createMessageBufferPool(options: MessageBufferPoolOptions): MessageBufferPool {
  const schedule = options.schedule ?? unrefTimeout;
  const waiting: ArrayBuffer[] = [];
  let cancelIdle: (() => void) | undefined;

  function freeAll(): void {
    cancelIdle = undefined;
    for (const buffer of waiting.splice(0)) buffer.transfer(0);
  }

  function rearm(): void {
    cancelIdle?.();
    cancelIdle = waiting.length > 0 ? schedule(freeAll, options.idleMs) : undefined;
  }

  return {
    take(maxBytes) {
      const buffer = waiting.pop();
      rearm();
      if (buffer === undefined || buffer.maxByteLength >= maxBytes) return buffer;
      buffer.transfer(0);
      return undefined;
    },
    give(buffer) {
      if (buffer.detached) return;
      if (!buffer.resizable || waiting.length >= options.keep) {
        buffer.transfer(0);
        return;
      }
      waiting.push(buffer);
      rearm();
    },
    waiting: () => waiting.length,
  };
}

/** The process's pool: the SMTP edge takes from it, the SQLite writer gives back to it. */
export const messageBuffers = createMessageBufferPool({ keep: 4, idleMs: 10_000 });
