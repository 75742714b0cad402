// Parses messages in a pool of worker threads (piscina), so a large or hostile message never blocks the
// event loop (D25). Each parse has a time limit; a parse past it is abandoned and its worker replaced.
import { Piscina } from 'piscina';
import type { ParseResult } from './parsed-mail.js';

export interface MailParser {
  parse(raw: Uint8Array): Promise<ParseResult | { ok: false; reason: 'timeout'; detail: string }>;
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
  return {
    async parse(raw) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        return (await pool.run(raw, { signal })) as ParseResult;
      } catch (error) {
        if (signal.aborted) return { ok: false, reason: 'timeout', detail: `parse took longer than ${options.timeoutMs} ms` };
        throw error;
      }
    },
    close: () => pool.close({ force: true }),
  };
}
