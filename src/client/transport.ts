// One request of the typed client to the service: the URL under the base, the key as a bearer token, a time
// limit of the client's own, refusals turned into InboxdError with the service's slug, and 429 (or 503)
// tried again after the Retry-After the service sent, as long as the total stays within the retry deadline
// (D17 asks clients to wait that long; a suite that fires in parallel should not fail on its own burst).
import { InboxdError, InboxdTimeoutError } from './errors.js';

/** The part of a fetch Response the client reads. */
export interface FetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface FetchRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** The global fetch, or anything that answers like it (a fetch that trusts a test certificate, a stub). */
export type FetchLike = (url: string, init: FetchRequest) => Promise<FetchResponse>;

/** Where the client's time comes from: its time limits and its waits before trying again. */
export interface ClientClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts (the caller looks at `signal.aborted`). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: ClientClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted === true) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
};

export interface TransportOptions {
  baseUrl: string;
  apiKey: string | undefined;
  fetch: FetchLike;
  clock: ClientClock;
  /** The client's own limit on one request, in ms, over and above the time a wait asks the service to hold it. */
  requestTimeoutMs: number;
  /** How long, in ms from the first attempt, a request may go on being tried again after 429 or 503. */
  retryDeadlineMs: number;
}

export interface Request {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: URLSearchParams;
  /** Sent as JSON. */
  json?: unknown;
  /** Added to the client's time limit for this request (a wait held by the service). */
  heldMs?: number;
}

/** Statuses whose Retry-After says when the same request may succeed. */
const TRIED_AGAIN = new Set([429, 503]);
/** When the service refuses for a moment without saying how long (it always says; this is for proxies). */
const DEFAULT_RETRY_SECONDS = 1;

/** Retry-After in seconds: delta-seconds, or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function describe(request: Request): string {
  return `${request.method} ${request.path}`;
}

export function createTransport(options: TransportOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;

  async function refusal(response: FetchResponse, text: string): Promise<InboxdError> {
    let slug = `http_${response.status}`;
    let message = `${response.status} ${response.statusText}`.trim();
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown };
      if (typeof body.error === 'string') slug = body.error;
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not the service's JSON (a proxy's page): the status is all there is.
    }
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'), options.clock.now());
    return new InboxdError(
      response.status,
      slug,
      message,
      retryAfterSeconds === undefined ? {} : { retryAfterSeconds },
    );
  }

  /** One attempt: the answer's body when 2xx, else the refusal thrown. */
  async function attempt<T>(request: Request, read: (response: FetchResponse) => Promise<T>): Promise<T> {
    const query = request.query?.toString() ?? '';
    const url = `${base}${request.path}${query === '' ? '' : `?${query}`}`;
    const limitMs = options.requestTimeoutMs + (request.heldMs ?? 0);
    const aborter = new AbortController();
    const settled = new AbortController();
    let timedOut = false;
    void options.clock.sleep(limitMs, settled.signal).then(() => {
      if (settled.signal.aborted) return;
      timedOut = true;
      aborter.abort();
    });
    try {
      const init: FetchRequest = { method: request.method, headers, signal: aborter.signal };
      if (request.json !== undefined) {
        init.headers = { ...headers, 'content-type': 'application/json' };
        init.body = JSON.stringify(request.json);
      }
      const response = await options.fetch(url, init);
      if (response.status >= 200 && response.status < 300) return await read(response);
      throw await refusal(response, await response.text());
    } catch (error) {
      if (error instanceof InboxdError) throw error;
      if (timedOut)
        throw new InboxdTimeoutError(0, `${describe(request)}: no answer within ${limitMs} ms`, { cause: error });
      throw new InboxdError(
        0,
        'network_error',
        `${describe(request)}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    } finally {
      settled.abort();
    }
  }

  async function send<T>(request: Request, read: (response: FetchResponse) => Promise<T>): Promise<T> {
    const started = options.clock.now();
    for (;;) {
      try {
        return await attempt(request, read);
      } catch (error) {
        if (!(error instanceof InboxdError) || !TRIED_AGAIN.has(error.status)) throw error;
        const pauseMs = (error.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS) * 1000;
        if (options.clock.now() + pauseMs - started > options.retryDeadlineMs) throw error;
        await options.clock.sleep(pauseMs);
      }
    }
  }

  return {
    /** The JSON body of the answer. */
    json<T>(request: Request): Promise<T> {
      return send(request, async (response) => {
        const text = await response.text();
        try {
          return JSON.parse(text) as T;
        } catch (cause) {
          throw new InboxdError(response.status, 'invalid_response', `${describe(request)}: the answer is not JSON`, {
            cause,
          });
        }
      });
    },
    /** The bytes of the answer. */
    bytes(request: Request): Promise<Uint8Array> {
      return send(request, async (response) => new Uint8Array(await response.arrayBuffer()));
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;
