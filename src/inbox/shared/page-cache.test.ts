import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPageCache, type CachedPage } from './page-cache.js';

const page = (body: string): CachedPage => ({
  version: 'v',
  validUntil: Infinity,
  etag: '"e"',
  body: Buffer.from(body),
});

describe('page cache', () => {
  it('keeps what fits, dropping the least recently used first', () => {
    const cache = createPageCache(3 * (160 + 1 + 1 + 3 + 100));
    for (const key of ['a', 'b', 'c']) cache.set(key, page('x'.repeat(100)));
    assert.equal(cache.size.entries, 3);
    assert.ok(cache.get('a'));
    cache.set('d', page('x'.repeat(100)));
    assert.equal(cache.get('b'), undefined, 'b was the least recently used');
    assert.ok(cache.get('a') && cache.get('c') && cache.get('d'));
    assert.ok(cache.size.bytes <= 3 * (160 + 1 + 1 + 3 + 100));
  });

  it('replaces an entry in place, and refuses one larger than the whole bound', () => {
    const cache = createPageCache(1000);
    cache.set('a', page('one'));
    cache.set('a', page('two'));
    assert.equal(cache.size.entries, 1);
    assert.equal(cache.get('a')?.body.toString(), 'two');
    cache.set('big', page('x'.repeat(2000)));
    assert.equal(cache.get('big'), undefined);
    assert.equal(cache.get('a')?.body.toString(), 'two');
  });
});
