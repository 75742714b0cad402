// The mail worker threads (piscina): the structural scan of large messages (D29) and the full decode of a
// message at its first read, so neither a large nor a hostile message blocks the event loop (D25). Small
// messages are scanned on the calling thread: the scan of a few KB costs less than a hand-over. Each task
// has a time limit, counted from when a thread takes it up, not from when it was queued: under a burst of
// large mail a message waits its turn without being failed for the wait. A task past the limit is
// abandoned and its worker replaced.
import { Piscina } from 'piscina';
import { decodeMail, type Decoded } from './decode-mail.js';
import { scanMime, type ScanResult } from './mime-scan.js';
import { sampleMail } from './warm-up.js';
import { owned, transferable } from '../transferable.js';

export type ScanOutcome = ScanResult | { ok: false; reason: 'timeout'; detail: string };

export interface Scanned {
  result: ScanOutcome;
  /** The message's bytes, handed back by the thread that scanned them (empty after a timeout). */
  raw: Uint8Array;
}

export interface MailParser {
  /** The structural scan. May move the bytes of `raw` to a worker thread and back: use the returned
   * `raw` afterwards, never the one passed in. */
  scan(raw: Uint8Array): Promise<Scanned>;
  /** The full decode; takes the bytes of `raw` over for good. */
  decode(raw: Uint8Array): Promise<Decoded>;
  /** Starts every thread and decodes a sample in each, so the first real decode finds them ready (P39). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface ParserPoolOptions {
  threads: number;
  /** Longest a single task may run before it is abandoned (a scan: 451). */
  timeoutMs: number;
  /** Messages up to this size are scanned on the calling thread (default 256 KiB). */
  inlineScanBytes?: number;
}

// Under tsx (tests, development) the worker is the .ts source; once built it is the .js beside this file.
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js',
  import.meta.url,
);

class TaskTimeout extends Error {}

export function createParserPool(options: ParserPoolOptions): MailParser {
  const pool = new Piscina({
    filename: workerFile.href,
    name: 'scan',
    // Every thread from the start: one started on demand made the decodes queued behind it wait for it.
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: 60_000,
  });
  const inlineScanBytes = options.inlineScanBytes ?? 256 * 1024;
  // Tasks waiting for a thread, oldest first; piscina is handed one only when a thread is free.
  const waiting: (() => void)[] = [];
  let running = 0;

  async function run<T>(name: 'scan' | 'decode', raw: Uint8Array): Promise<T> {
    // A finished task hands its slot straight to the oldest waiter, so `running` never passes `threads`.
    if (running < options.threads) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    const signal = AbortSignal.timeout(options.timeoutMs);
    const bytes = owned(raw);
    try {
      return (await pool.run(bytes, { name, signal, transferList: transferable([bytes]) })) as T;
    } catch (error) {
      if (signal.aborted) throw new TaskTimeout(`${name} took longer than ${options.timeoutMs} ms`);
      throw error;
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  }

  return {
    async scan(raw) {
      if (raw.byteLength <= inlineScanBytes) return { result: scanMime(raw), raw };
      try {
        return await run<Scanned>('scan', raw);
      } catch (error) {
        if (!(error instanceof TaskTimeout)) throw error;
        return { result: { ok: false, reason: 'timeout', detail: error.message }, raw: new Uint8Array(0) };
      }
    },
    async decode(raw) {
      try {
        return await run<Decoded>('decode', raw);
      } catch (error) {
        if (!(error instanceof TaskTimeout)) throw error;
        // The bytes went to the abandoned thread: the caller reads them again if it needs them.
        return { ok: false, text: null, detail: error.message };
      }
    },
    async warm() {
      await Promise.all(Array.from({ length: options.threads }, () => run<Decoded>('decode', sampleMail())));
    },
    close: () => pool.close({ force: true }),
  };
}

/** Scans and decodes on the calling thread: for tools and tests that hold no pool. */
export function inlineMailParser(): MailParser {
  return {
    scan: async (raw) => ({ result: scanMime(raw), raw }),
    decode: (raw) => decodeMail(raw),
    warm: async () => void (await decodeMail(sampleMail())),
    close: async () => undefined,
  };
}
