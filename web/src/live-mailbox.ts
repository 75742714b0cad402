// Follows GET /api/v1/mailbox/events: new mail appears without reloading and without polling (D26). The
// stream is read with fetch, not EventSource, so the bearer key travels in the Authorization header and
// never in a URL. A dropped, ended or silent stream is opened again (after Retry-After when the service
// said so, else with a growing pause); a refusal of access (400, 401–404) stops it for good.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError, authHeaders, errorOf } from './api-client.js';
import type { MessageSummary } from './api-types.js';

export type LiveState =
  { kind: 'connecting' } | { kind: 'live' } | { kind: 'paused'; retryInSeconds: number; reason: string };

export interface LiveHandlers {
  onState(state: LiveState): void;
  /** Each time a stream is admitted: the page lists the mailbox then, so nothing sent while it was
   * disconnected is missed. */
  onReady(): void;
  onMessage(message: MessageSummary): void;
  /** Access refused: the stream is not opened again. */
  onRefused(error: ApiError): void;
}

const FIRST_PAUSE_S = 1;
const LONGEST_PAUSE_S = 30;

function fatal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Follows the mailbox until `signal` is aborted; from then on no handler is called, so nothing of a stream
 * the page has left (another mailbox was opened) reaches it, even an answer already on its way. */
export function followMailbox(address: string, key: string, handlers: LiveHandlers, signal: AbortSignal): void {
  const whileFollowed: LiveHandlers = {
    onState: (state) => {
      if (!signal.aborted) handlers.onState(state);
    },
    onReady: () => {
      if (!signal.aborted) handlers.onReady();
    },
    onMessage: (message) => {
      if (!signal.aborted) handlers.onMessage(message);
    },
    onRefused: (error) => {
      if (!signal.aborted) handlers.onRefused(error);
    },
  };
  void run(address, key, whileFollowed, signal);
}

function pause(seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, seconds * 1000);
    signal.addEventListener('abort', done);
  });
}

async function run(address: string, key: string, handlers: LiveHandlers, signal: AbortSignal): Promise<void> {
  let backoff = FIRST_PAUSE_S;
  while (!signal.aborted) {
    handlers.onState({ kind: 'connecting' });
    let outcome: Outcome;
    try {
      outcome = await readOnce(address, key, handlers, signal);
    } catch {
      if (signal.aborted) return;
      outcome = { kind: 'retry', reason: 'connection lost', retryAfter: null };
    }
    if (outcome.kind === 'refused') return;
    // A stream that was live starts the backoff again; failures in a row wait longer each time.
    if (outcome.kind !== 'retry') backoff = FIRST_PAUSE_S;
    const wait = outcome.kind === 'ended' ? 0 : outcome.kind === 'retry' ? (outcome.retryAfter ?? backoff) : backoff;
    if (outcome.kind === 'retry') backoff = Math.min(LONGEST_PAUSE_S, backoff * 2);
    if (wait > 0) {
      handlers.onState({
        kind: 'paused',
        retryInSeconds: wait,
        reason: outcome.kind === 'retry' ? outcome.reason : 'connection lost',
      });
      await pause(wait, signal);
    }
  }
}

type Outcome =
  | { kind: 'ended' }
  | { kind: 'live-then-lost' }
  | { kind: 'refused' }
  | { kind: 'retry'; reason: string; retryAfter: number | null };

async function readOnce(address: string, key: string, handlers: LiveHandlers, signal: AbortSignal): Promise<Outcome> {
  const attempt = new AbortController();
  const onStop = () => attempt.abort();
  signal.addEventListener('abort', onStop);
  // A stream that says nothing for longer than its keep-alive allows is presumed dead and replaced.
  let silenceLimitMs = 60_000;
  let watchdog = setTimeout(() => attempt.abort(), silenceLimitMs);
  const heard = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => attempt.abort(), silenceLimitMs);
  };
  let admitted = false;
  let ended = false;
  let refused = false;
  try {
    const response = await fetch(`/api/v1/mailbox/events?address=${encodeURIComponent(address)}`, {
      headers: { ...authHeaders(key), Accept: 'text/event-stream' },
      cache: 'no-store',
      signal: attempt.signal,
    });
    if (!response.ok || response.body === null) {
      const error = await errorOf(response);
      if (fatal(error.status)) {
        handlers.onRefused(error);
        return { kind: 'refused' };
      }
      return { kind: 'retry', reason: error.message, retryAfter: error.retryAfterSeconds };
    }
    const parser = createParser({
      onEvent(event: EventSourceMessage) {
        if (event.event === 'ready') {
          admitted = true;
          const info = JSON.parse(event.data) as { keepalive_seconds?: number };
          if (typeof info.keepalive_seconds === 'number') silenceLimitMs = info.keepalive_seconds * 2500;
          heard();
          handlers.onState({ kind: 'live' });
          handlers.onReady();
        } else if (event.event === 'message') {
          handlers.onMessage(JSON.parse(event.data) as MessageSummary);
        } else if (event.event === 'end') {
          ended = true;
        } else if (event.event === 'error') {
          const body = JSON.parse(event.data) as { error: string; message: string };
          if (body.error !== 'internal_error') {
            refused = true;
            handlers.onRefused(new ApiError(403, body.error, body.message, null));
          }
        }
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      heard();
      parser.feed(value);
    }
  } catch (error) {
    if (signal.aborted) throw error;
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener('abort', onStop);
  }
  if (refused) return { kind: 'refused' };
  if (ended) return { kind: 'ended' };
  return admitted ? { kind: 'live-then-lost' } : { kind: 'retry', reason: 'connection lost', retryAfter: null };
}
