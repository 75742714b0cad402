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

  it('evicts from the least recently used half, whatever order the recent half was read in', () => {
    const weight = 160 + 3 + 1 + 3 + 10;
    const key = (i: number) => `k${String(i).padStart(2, '0')}`;
    const cache = createPageCache(10 * weight);
    for (let i = 0; i < 10; i += 1) cache.set(key(i), page('x'.repeat(10)));
    // The five oldest are read (again and again); the five newest are not.
    for (let round = 0; round < 3; round += 1) for (let i = 0; i < 5; i += 1) assert.ok(cache.get(key(i)));
    for (let i = 10; i < 15; i += 1) cache.set(key(i), page('x'.repeat(10)));
    assert.equal(cache.size.entries, 10);
    for (let i = 0; i < 5; i += 1) assert.ok(cache.get(key(i)), `k${i} was read, so it stays`);
    for (let i = 5; i < 10; i += 1) assert.equal(cache.get(key(i)), undefined, `k${i} was never read`);
  });
});
