import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiKeyIdOf, digestOf, matchesDigest, newApiKey, newDomainKey } from './secret-keys.js';

const KEY_ID = '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A';

describe('secret keys (D12, D13)', () => {
  it('makes API keys that carry their key id and 256 random bits', () => {
    const key = newApiKey(KEY_ID);
    assert.equal(apiKeyIdOf(key), KEY_ID);
    assert.notEqual(newApiKey(KEY_ID), key);
    assert.equal(key.length, 'inboxd_ak_'.length + 26 + 1 + 43);
  });

  it('finds no key id in text of another form, including domain keys', () => {
    for (const text of ['', 'inboxd_ak_', `inboxd_ak_${KEY_ID}_short`, newDomainKey(), `${newApiKey(KEY_ID)}x`]) {
      assert.equal(apiKeyIdOf(text), null, text);
    }
  });

  it('matches a key only against the digest of the same key', () => {
    const key = newDomainKey();
    const digest = digestOf(key);
    assert.match(digest, /^[0-9a-f]{64}$/);
    assert.equal(matchesDigest(key, digest), true);
    assert.equal(matchesDigest(newDomainKey(), digest), false);
    assert.equal(matchesDigest(key, 'abcd'), false, 'a stored digest of another length never matches');
  });
});
