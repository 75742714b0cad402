// The typed client of inboxd's public HTTP API (docs/http-api.md), for test suites: create an address, wait
// for the message that matches, take its code or its link. It speaks only HTTP (it imports nothing of the
// service, .dependency-cruiser.cjs), runs wherever a global fetch does, and its shapes are generated from the
// service's OpenAPI document (api-types.ts).
import type {
  AgentMessage,
  CreateInboxBody,
  CreatedInbox,
  Deleted,
  DomainList,
  MailboxPage,
  Message,
  MessageCodes,
  WaitResult,
} from './api-types.js';
import { InboxdTimeoutError } from './errors.js';
import { createTransport, systemClock, type ClientClock, type FetchLike, type Transport } from './transport.js';
import { MAX_HELD_SECONDS, waitQuery, type WaitCriteria } from './wait-query.js';

export interface InboxdClientOptions {
  /** Where the service answers, e.g. `https://inboxd.example.com` (a path prefix is kept). */
  baseUrl: string | URL;
  /** Sent as `Authorization: Bearer <key>`: needed for closed own domains and the premium pool only. */
  apiKey?: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** The client's own limit on one request, in ms, over and above the time a wait is held (default 30 s). */
  requestTimeoutMs?: number;
  /** How long, in ms from its first attempt, a request refused with 429 or 503 is tried again, each time after
   * the Retry-After the service sent (default 60 s). Past it the refusal is thrown. */
  retryDeadlineMs?: number;
  /** Where time comes from (tests); defaults to the system clock and its timers. */
  clock?: ClientClock;
}

/** `domain`: one this caller may use (GET /api/v1/domains), the first public domain by default; `prefix`: put
 * before the random part (`signup` gives `signup-k3j…@domain`). */
export type CreateInboxOptions = CreateInboxBody;

export interface ListOptions {
  /** Page size, 1–200 (default 50). */
  limit?: number;
  /** The `next` of the previous page. */
  before?: string;
}

export interface WaitOptions extends WaitCriteria {
  /** Seconds to wait for a match (default 30). Over 50, the client asks the service again until it has waited this long. */
  timeout?: number;
}

const DEFAULT_WAIT_SECONDS = 30;

function messagePath(id: string, rest = ''): string {
  return `/api/v1/message/${encodeURIComponent(id)}${rest}`;
}

export class InboxdClient {
  readonly #transport: Transport;

  constructor(options: InboxdClientOptions) {
    const fetchImpl = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
    if (fetchImpl === undefined)
      throw new TypeError('InboxdClient needs a fetch: none is global here, pass options.fetch');
    this.#transport = createTransport({
      baseUrl: String(options.baseUrl),
      apiKey: options.apiKey,
      fetch: fetchImpl,
      clock: options.clock ?? systemClock,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      retryDeadlineMs: options.retryDeadlineMs ?? 60_000,
    });
  }

  /** A fresh address with a random local part (POST /api/v1/inbox). No mail is needed first. */
  createInbox(options: CreateInboxOptions = {}): Promise<CreatedInbox> {
    const body: CreateInboxOptions = {};
    if (options.domain !== undefined) body.domain = options.domain;
    if (options.prefix !== undefined) body.prefix = options.prefix;
    return this.#transport.json({ method: 'POST', path: '/api/v1/inbox', json: body });
  }

  /** The domains this caller may use (GET /api/v1/domains). */
  domains(): Promise<DomainList> {
    return this.#transport.json({ method: 'GET', path: '/api/v1/domains' });
  }

  /** One page of a mailbox, newest first (GET /api/v1/mailbox). */
  list(address: string, options: ListOptions = {}): Promise<MailboxPage> {
    const query = new URLSearchParams({ address });
    if (options.limit !== undefined) query.append('limit', String(options.limit));
    if (options.before !== undefined) query.append('before', options.before);
    return this.#transport.json({ method: 'GET', path: '/api/v1/mailbox', query });
  }

  /** One message in full; marks it seen (GET /api/v1/message/{id}). */
  read(address: string, id: string): Promise<Message> {
    return this.#transport.json({
      method: 'GET',
      path: messagePath(id),
      query: new URLSearchParams({ mailbox: address }),
    });
  }

  /** Deletes a message; answers the same whether it was there or not (DELETE /api/v1/message/{id}). */
  delete(address: string, id: string): Promise<Deleted> {
    return this.#transport.json({
      method: 'DELETE',
      path: messagePath(id),
      query: new URLSearchParams({ mailbox: address }),
    });
  }

  /** The message's likely one-time codes and its links, best first (GET /api/v1/message/{id}/codes). */
  codes(address: string, id: string): Promise<MessageCodes> {
    return this.#transport.json({
      method: 'GET',
      path: messagePath(id, '/codes'),
      query: new URLSearchParams({ mailbox: address }),
    });
  }

  /** The same answer as codes(): `const { links } = await client.links(address, id)` reads as it should. */
  links(address: string, id: string): Promise<MessageCodes> {
    return this.codes(address, id);
  }

  /** The source exactly as received over SMTP (GET /api/v1/message/{id}/raw). */
  raw(address: string, id: string): Promise<Uint8Array> {
    return this.#transport.bytes({
      method: 'GET',
      path: messagePath(id, '/raw'),
      query: new URLSearchParams({ mailbox: address }),
    });
  }

  /**
   * The first message (or the `nth`) in `to` that matches the criteria, oldest first, seen or not: at once
   * when one is there, else as soon as one arrives (GET /api/v1/mailbox/wait). It comes with its `codes` and
   * `links` and is marked seen. Throws InboxdTimeoutError when none matched within `timeout` seconds.
   */
  async waitForMessage(options: WaitOptions): Promise<AgentMessage> {
    const { timeout = DEFAULT_WAIT_SECONDS, ...criteria } = options;
    let left = timeout;
    for (;;) {
      const held = Math.min(left, MAX_HELD_SECONDS);
      const result = await this.#transport.json<WaitResult>({
        method: 'GET',
        path: '/api/v1/mailbox/wait',
        query: waitQuery(criteria, held),
        heldMs: held * 1000,
      });
      if (result.status === 'received' && result.message !== null) return result.message;
      left -= held;
      if (left <= 0)
        throw new InboxdTimeoutError(
          200,
          `no message matching the criteria arrived at ${options.to} within ${timeout} s`,
        );
    }
  }
}
