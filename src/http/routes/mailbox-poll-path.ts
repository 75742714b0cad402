// The pollers' way to GET /api/v1/mailbox (P37, issue 15): a list request whose query is valid is answered
// here, in front of fastify's routing, hooks and reply, because a poll of an unchanged mailbox (a 304 with
// no body) costs so little that fastify's own per-request work was most of it. Nothing the interface
// promises is skipped: the request is validated by the route's own schema (inbox/operations.ts; the
// result kept per query string, since a schema check has no inputs but the query), the gate and the use
// case are the ones the route calls (inbox.pollMessages: identify, charge D17, authorize, then the page
// or 304), and the answer carries the headers fastify's hooks would add (CORS as configured, the security
// headers, RateLimit-*, ETag, Cache-Control) and is counted in /metrics under the route.
//
// Everything else goes on to fastify untouched: another method or path, a query the schema refuses (400
// there), a request the HTTPS redirect rule may answer (X-Forwarded-Proto: http), a server that is closing
// (503). A request the gate or the use case refuses is handed to fastify too, with its error (and the
// RateLimit-* headers of a charged request) kept for the route's handler to throw, so the error body and
// headers come from the one error handler, and nothing is charged twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'fast-querystring';
import type { Inbox } from '../../inbox/inbox.js';
import type { ListInput } from '../../inbox/list-messages.js';
import { rateLimitHeaderList, rateLimitHeaders } from '../../inbox/shared/gate.js';
import type { ListResponse } from '../../inbox/shared/view-schemas.js';
import type { ClientAddressRule } from '../../limits/client-address.js';
import type { LimitVerdict } from '../../limits/rate-limiter.js';
import type { Metrics } from '../../metrics/metrics.js';
import { httpCaller } from '../caller.js';

export const MAILBOX_PATH = '/api/v1/mailbox';

/** Validated queries kept (a poller sends the same URL every second); past this many, the memo starts
 * over. Only URLs up to MAX_KEPT_URL characters are kept (a valid address is at most 254, an id 26), so
 * the memo holds at most about 10 MB however the URLs are padded (unknown parameters pass the schema). */
const MAX_QUERIES = 20_000;
const MAX_KEPT_URL = 512;

const JSON_TYPE = 'application/json; charset=utf-8';

/** What the route's handler throws for a request this path passed on after the gate refused it. */
export interface PassedOnFailure {
  error: unknown;
  /** RateLimit-* of a request that was charged before it was refused (access, 401–404). */
  headers: Record<string, string>;
}

export interface PollPathOptions {
  inbox: Inbox;
  /** The route's serialiser, so a page is the bytes fastify would have written. */
  serialize: (page: ListResponse) => string;
  clientAddress: ClientAddressRule;
  metrics: Metrics;
  /** The headers every answer of the route carries whatever its status: CORS (as the plugin sends them for
   * a request that is no preflight) and the security headers, as name, value, name, value. */
  fixedHeaders: readonly string[];
  /** Cache-Control of the list (LIST_CACHE_CONTROL). */
  cacheControl: string;
  /** Hands a request to fastify. */
  passOn: (request: IncomingMessage, response: ServerResponse) => void;
}

export interface PollPath {
  /** Answers the request and returns true, or returns false and leaves it alone. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean;
  /** The refusal of a request this path passed on, taken once (the route's handler throws it). */
  takeFailure(request: IncomingMessage): PassedOnFailure | undefined;
  /** The server is closing: every request goes to fastify, which answers 503. */
  close(): void;
}

export function createPollPath(options: PollPathOptions): PollPath {
  const { inbox, serialize, clientAddress, metrics, fixedHeaders, cacheControl, passOn } = options;
  const schema = inbox.operations.listMessages.input;
  const queries = new Map<string, ListInput>();
  const failures = new WeakMap<IncomingMessage, PassedOnFailure>();
  let closing = false;

  /** The query as the route's schema reads it (fastify's router parses it with the same parser), or
   * undefined when the schema refuses it. Kept by the whole URL, the string the parser already made. */
  function validated(url: string): ListInput | undefined {
    const known = queries.get(url);
    if (known !== undefined) return known;
    if (url.length > MAILBOX_PATH.length && url.charCodeAt(MAILBOX_PATH.length) !== 63 /* ? */) return undefined;
    const query = url.slice(MAILBOX_PATH.length + 1);
    const result = schema.safeParse(query === '' ? {} : parseQuery(query));
    if (!result.success) return undefined;
    if (url.length <= MAX_KEPT_URL) {
      if (queries.size >= MAX_QUERIES) queries.clear();
      queries.set(url, result.data);
    }
    return result.data;
  }

  async function answer(request: IncomingMessage, response: ServerResponse, input: ListInput): Promise<void> {
    const started = performance.now();
    let admitted: LimitVerdict | undefined;
    let poll;
    try {
      const caller = httpCaller(
        clientAddress.clientOf(request.socket.remoteAddress, request.headers['x-forwarded-for']),
        request.headers.authorization,
        (verdict) => void (admitted = verdict),
      );
      poll = await inbox.pollMessages(caller, { ...input, ifNoneMatch: request.headers['if-none-match'] }, serialize);
    } catch (error) {
      failures.set(request, { error, headers: admitted === undefined ? {} : rateLimitHeaders(admitted) });
      passOn(request, response);
      return;
    }
    const headers = admitted === undefined ? fixedHeaders.slice() : fixedHeaders.concat(rateLimitHeaderList(admitted));
    headers.push('etag', poll.etag, 'cache-control', cacheControl);
    if (poll.notModified) {
      // No body and no Content-Length, as fastify answered a 304.
      response.writeHead(304, headers);
      response.end();
    } else {
      headers.push('content-type', JSON_TYPE, 'content-length', String(poll.body.byteLength));
      response.writeHead(200, headers);
      response.end(poll.body);
    }
    const status = poll.notModified ? 304 : 200;
    metrics.http.observe(MAILBOX_PATH, 'GET', status, (performance.now() - started) / 1000);
  }

  return {
    tryAnswer(request, response) {
      if (closing || request.method !== 'GET') return false;
      const url = request.url ?? '';
      if (!url.startsWith(MAILBOX_PATH)) return false;
      // The HTTPS redirect rule (https-app.ts) may answer this one instead.
      if (request.headers['x-forwarded-proto'] === 'http') return false;
      const input = validated(url);
      if (input === undefined) return false;
      answer(request, response, input).catch((error: unknown) => response.destroy(error as Error));
      return true;
    },
    takeFailure(request) {
      const failure = failures.get(request);
      if (failure !== undefined) failures.delete(request);
      return failure;
    },
    close() {
      closing = true;
    },
  };
}
