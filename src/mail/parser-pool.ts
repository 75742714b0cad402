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
  /** Starts the first thread and decodes a sample in it, so the first real decode finds it ready (P39). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface ParserPoolOptions {
  /** At most this many threads: the first from the start, the others only while it is busy (P53). */
  threads: number;
  /** Longest a single task may run before it is abandoned (a scan: 451). */
  timeoutMs: number;
  /** Messages up to this size are scanned on the calling thread (default 256 KiB). */
  inlineScanBytes?: number;
  /** How long a thread beyond the first stays once it has nothing to do (default a minute). */
  spareIdleMs?: number;
}

// Under tsx (tests, development) the worker is the .ts source; once built it is the .js beside this file.
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js',
  import.meta.url,
);

class TaskTimeout extends Error {}

/** One thread (a piscina of one), given one task at a time. */
interface Lane {
  pool: Piscina;
  busy: boolean;
  retire?: ReturnType<typeof setTimeout>;
}

const newLane = (): Lane => ({
  pool: new Piscina({ filename: workerFile.href, name: 'scan', minThreads: 1, maxThreads: 1 }),
  busy: false,
});

/** A sample decoded in a new thread, so that its first real task finds postal-mime compiled (P39). */
const warmLane = (lane: Lane) => lane.pool.run(sampleMail(), { name: 'decode' });

export interface ParserPool extends MailParser {
  /** How many threads run now. */
  threads(): number;
}

export function createParserPool(options: ParserPoolOptions): ParserPool {
  const inlineScanBytes = options.inlineScanBytes ?? 256 * 1024;
  const spareIdleMs = options.spareIdleMs ?? 60_000;
  // The first thread from the start: one started on demand made the decodes queued behind it wait for it
  // (P39). A spare starts only when every thread is busy and a task waits, and takes tasks only once warm,
  // so that no task waits for a thread to start; the waiting task goes to whichever is free first (P53).
  const lanes: Lane[] = [newLane()];
  // Tasks waiting for a thread, oldest first.
  const waiting: ((lane: Lane) => void)[] = [];
  let starting = false;
  let closed = false;

  function occupy(lane: Lane): Lane {
    lane.busy = true;
    clearTimeout(lane.retire);
    return lane;
  }

  /** A thread free again goes straight to the oldest waiting task; a spare with none ends after a while. */
  function free(lane: Lane): void {
    const next = waiting.shift();
    if (next !== undefined) return next(occupy(lane));
    lane.busy = false;
    if (lane !== lanes[0])
      lane.retire = setTimeout(() => {
        if (lane.busy || closed) return;
        lanes.splice(lanes.indexOf(lane), 1);
        void lane.pool.close({ force: true });
      }, spareIdleMs).unref();
  }

  async function startSpare(): Promise<void> {
    starting = true;
    const lane = newLane();
    try {
      await warmLane(lane);
    } catch {
      // Not started (out of memory, say): the tasks keep to the threads there are.
      await lane.pool.close({ force: true });
      return;
    } finally {
      starting = false;
    }
    if (closed) return void (await lane.pool.close({ force: true }));
    lanes.push(lane);
    free(lane);
  }

  function take(): Lane | Promise<Lane> {
    const idle = lanes.find((lane) => !lane.busy);
    if (idle !== undefined) return occupy(idle);
    if (!starting && lanes.length < options.threads) void startSpare();
    return new Promise((resolve) => waiting.push(resolve));
  }

  async function run<T>(name: 'scan' | 'decode', raw: Uint8Array): Promise<T> {
    const lane = await take();
    const signal = AbortSignal.timeout(options.timeoutMs);
    const bytes = owned(raw);
    try {
      return (await lane.pool.run(bytes, { name, signal, transferList: transferable([bytes]) })) as T;
    } catch (error) {
      if (signal.aborted) throw new TaskTimeout(`${name} took longer than ${options.timeoutMs} ms`);
      throw error;
    } finally {
      free(lane);
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
      await run<Decoded>('decode', sampleMail());
    },
    threads: () => lanes.length,
    async close() {
      closed = true;
      for (const lane of lanes) clearTimeout(lane.retire);
      await Promise.all(lanes.map((lane) => lane.pool.close({ force: true })));
    },
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
