// Parses messages in a pool of worker threads (piscina), so a large or hostile message never blocks the
// event loop (D25). Each parse has a time limit, counted from when a thread takes it up, not from when it
// was queued: under a burst of large mail a message waits its turn without being failed for the wait. A
// parse past the limit is abandoned and its worker replaced. The message's bytes move to the thread and
// back, and its decoded attachments move back, instead of being copied each way.
import { Piscina } from 'piscina';
import { transferable } from '../transferable.js';
import type { ParseResult } from './parsed-mail.js';

export type ParseOutcome = ParseResult | { ok: false; reason: 'timeout'; detail: string };

export interface Parsed {
  outcome: ParseOutcome;
  /** The message's bytes, handed back by the thread that parsed them (empty after a timeout). */
  raw: Uint8Array;
}

export interface MailParser {
  /** Takes the bytes of `raw` over (they move to a parser thread, not copied) and hands them back in
   * the result: use the returned `raw` afterwards, never the one passed in. */
  parse(raw: Uint8Array): Promise<Parsed>;
  close(): Promise<void>;
}

export interface ParserPoolOptions {
  threads: number;
  /** Longest a single parse may run before the message is deferred (451). */
  timeoutMs: number;
}

// Under tsx (tests, development) the worker is the .ts source; once built it is the .js beside this file.
const workerFile = new URL(import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js', import.meta.url);

export function createParserPool(options: ParserPoolOptions): MailParser {
  const pool = new Piscina({
    filename: workerFile.href,
    name: 'parse',
    minThreads: 1,
    maxThreads: options.threads,
    idleTimeout: 60_000,
  });
  // Messages waiting for a thread, oldest first; piscina is handed one only when a thread is free.
  const waiting: (() => void)[] = [];
  let running = 0;

  async function runOne(raw: Uint8Array): Promise<Parsed> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      return (await pool.run(raw, { signal, transferList: transferable([raw]) })) as Parsed;
    } catch (error) {
      if (!signal.aborted) throw error;
      return { outcome: { ok: false, reason: 'timeout', detail: `parse took longer than ${options.timeoutMs} ms` }, raw: new Uint8Array(0) };
    }
  }

  return {
    async parse(raw) {
      // A finished parse hands its slot straight to the oldest waiter, so `running` never passes `threads`.
      if (running < options.threads) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await runOne(raw);
      } finally {
        const next = waiting.shift();
        if (next === undefined) running -= 1;
        else next();
      }
    },
    close: () => pool.close({ force: true }),
  };
}
