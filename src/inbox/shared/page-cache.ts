// A small cache of serialised list pages (P37), least recently used first out, bounded by the bytes it
// holds. It knows nothing of mailboxes: an entry is served only while its version is the mailbox's
// version and the clock is before its `validUntil` (when its first message expires, D4); the list use
// case decides that, after the request passed the gate (D11–D17).

export interface CachedPage {
  /** The mailbox's version read before the page was read from the store. */
  version: string;
  /** The first expiresAt among the rows read for the page; Infinity for a page with none. */
  validUntil: number;
  etag: string;
  /** The serialised page as UTF-8 bytes: written to a socket as they are, with nothing to encode. */
  body: Uint8Array;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  readonly size: { entries: number; bytes: number };
}

/** About what an entry holds: its body's bytes, its strings (one byte a character in V8 for ASCII) and
 * the Map's and the buffer's share. */
function weigh(key: string, page: CachedPage): number {
  return 160 + key.length + page.version.length + page.etag.length + page.body.byteLength;
}

export function createPageCache(maxBytes: number): PageCache {
  // `used`: the count of gets and sets when the entry was last moved to the recent end. A get moves an
  // entry again only once that many others have been moved since as half the entries hold: the newer
  // half is never reordered, so a poll of a cached page costs one lookup, not a delete and an insert
  // (issue 15), and what is evicted is still among the least recently used half.
  const entries = new Map<string, { page: CachedPage; bytes: number; used: number }>();
  let bytes = 0;
  let moves = 0;
  function remove(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      // Most recently used last: the Map keeps insertion order.
      if (moves - entry.used > entries.size / 2) {
        entries.delete(key);
        entries.set(key, entry);
        entry.used = ++moves;
      }
      return entry.page;
    },
    set(key, page) {
      remove(key);
      const weight = weigh(key, page);
      if (weight > maxBytes) return;
      for (const [oldest, entry] of entries) {
        if (bytes + weight <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entry.bytes;
      }
      entries.set(key, { page, bytes: weight, used: ++moves });
      bytes += weight;
    },
    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
