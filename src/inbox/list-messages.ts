// Listing a mailbox (GET /api/v1/mailbox, the list_messages tool): the messages at an address, newest
// first, paged by `before` (interface §4.1, D2).
//
// Polling once a second is the intended use (interface §6), so an unchanged page is not read again
// (P37): each page is kept serialised under the mailbox's change version (events: touched after every
// delivery, delete and seen flag, on any node) and used only while that version holds and no message of
// it has expired (D4). Its ETag names the version, the query and that expiry, so a client that sends it
// back in If-None-Match is answered 304 without a body. The gate (limits D17, access D11–D14) runs on
// every request before any of this: a cached page or a 304 is never given to a caller it would refuse.
import { z } from 'zod';
import type { Caller } from './shared/caller.js';
import type { InboxDeps } from './shared/deps.js';
import { address, addressOf, cursor, DEFAULT_PAGE, MAX_PAGE, pageLimit } from './shared/fields.js';
import { gateMailbox } from './shared/gate.js';
import { operation } from './shared/operation.js';
import { createPageCache, type CachedPage, type PageCache } from './shared/page-cache.js';
import { listResponseSchema, type ListResponse } from './shared/view-schemas.js';
import { summaryView } from './shared/views.js';

/** Serialised pages kept per process (P37): 10,000 polled mailboxes of a few messages each fit. */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export const listInput = z.object({
  address,
  limit: pageLimit.optional().meta({ description: `Page size, 1 to ${MAX_PAGE}, default ${DEFAULT_PAGE}.` }),
  before: cursor.optional(),
});
export type ListInput = z.output<typeof listInput>;

export interface PollInput extends ListInput {
  /** The If-None-Match header as sent, when it was. */
  ifNoneMatch?: string | undefined;
}

/** A page to send (with its ETag), or 304: the caller's copy, named by its If-None-Match, is current. */
export type PollAnswer = { notModified: false; etag: string; body: Uint8Array } | { notModified: true; etag: string };

/** The page the store holds now, and when it stops being that page by expiry alone (D4). */
async function readPage(
  deps: InboxDeps,
  mailbox: string,
  limit: number,
  before: string | undefined,
  now: number,
): Promise<{ page: ListResponse; validUntil: number }> {
  // One row more than asked tells whether anything older remains (D2).
  const rows = await deps.store.listMessages({ mailbox, before, limit: limit + 1, now });
  const page = rows.slice(0, limit);
  // Every row read counts, the extra one too: its expiry turns `next` to null.
  let validUntil = Infinity;
  for (const row of rows) if (row.expiresAt < validUntil) validUntil = row.expiresAt;
  return {
    page: {
      address: mailbox,
      count: page.length,
      next: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
      messages: page.map(summaryView),
    },
    validUntil,
  };
}

/** `"version:limit:before:expiry"`: what the body depends on, and nothing of the caller. */
function etagOf(version: string, query: string, validUntil: number): string {
  return `"${version}:${query}:${validUntil === Infinity ? '-' : validUntil.toString(36)}"`;
}

/** The entity tags of If-None-Match (RFC 9110 §13.1.2: `*` or a list), compared weakly: W/ dropped. */
function tagsOf(header: string): string[] {
  return header.split(',').map((part) => {
    const tag = part.trim();
    return tag.startsWith('W/') ? tag.slice(2) : tag;
  });
}

/** A tag this service gave for the same version and query whose page has not expired since: the page is
 * the same, even when this process does not hold it (another node gave it, or the cache let it go). */
function stillCurrent(tag: string, version: string, query: string, now: number): boolean {
  const prefix = `"${version}:${query}:`;
  if (!tag.startsWith(prefix) || !tag.endsWith('"')) return false;
  const expiry = tag.slice(prefix.length, -1);
  if (expiry === '-') return true;
  const validUntil = parseInt(expiry, 36);
  return Number.isFinite(validUntil) && now < validUntil;
}

export const listMessages = (deps: InboxDeps) =>
  operation({
    name: 'listMessages',
    input: listInput,
    output: listResponseSchema,
    run: async (caller, input) => {
      const mailbox = addressOf(input.address);
      await gateMailbox(deps, caller, mailbox);
      return (await readPage(deps, mailbox.address, input.limit ?? DEFAULT_PAGE, input.before, deps.clock.now())).page;
    },
  });

/** The list as the HTTP API polls it: cached pages, ETag and 304 (P37). `serialize` is the edge's, so a
 * cached body is byte for byte what the edge would have written; it is kept as bytes, since a string of
 * 10 KB is encoded again at every write (a third of the main thread's time in a profile of wrk on the
 * list, before). */
export function createPollMessages(deps: InboxDeps, cache: PageCache = createPageCache(PAGE_CACHE_BYTES)) {
  return async function pollMessages(
    caller: Caller,
    request: PollInput,
    serialize: (page: ListResponse) => string,
  ): Promise<PollAnswer> {
    const mailbox = addressOf(request.address);
    const limit = request.limit ?? DEFAULT_PAGE;
    const before = request.before;
    // The gate first, every time (D11–D17): nothing below is reached by a caller it refuses.
    await gateMailbox(deps, caller, mailbox);
    // The version is read before the store: a change committed after this read moves the version on, so
    // a page read from the store is never kept under a version newer than itself.
    const version = await deps.events.version(mailbox.address);
    const now = deps.clock.now();
    const query = `${limit}:${before ?? ''}`;
    const key = `${mailbox.address} ${query}`;
    let page: CachedPage | undefined = cache.get(key);
    if (page !== undefined && (page.version !== version || now >= page.validUntil)) page = undefined;
    const tags = request.ifNoneMatch === undefined || request.ifNoneMatch === '' ? [] : tagsOf(request.ifNoneMatch);
    if (page === undefined) {
      const held = tags.find((tag) => stillCurrent(tag, version, query, now));
      if (held !== undefined) return { notModified: true, etag: held };
      const read = await readPage(deps, mailbox.address, limit, before, now);
      page = {
        version,
        validUntil: read.validUntil,
        etag: etagOf(version, query, read.validUntil),
        body: Buffer.from(serialize(read.page)),
      };
      cache.set(key, page);
    }
    const etag = page.etag;
    if (tags.some((tag) => tag === etag || tag === '*')) return { notModified: true, etag };
    return { notModified: false, etag, body: page.body };
  };
}
