import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import { describe, it } from 'node:test';
import { localPartFrom, randomAddress, RANDOM_LENGTH } from './random-address.js';

describe('random addresses', () => {
  it('spells 12 base32 characters from the generator', () => {
    assert.equal(localPartFrom(new Uint8Array(RANDOM_LENGTH).fill(0)), 'aaaaaaaaaaaa');
    assert.equal(localPartFrom(Uint8Array.from({ length: RANDOM_LENGTH }, (_, i) => 31 - i)), '765432zyxwvu');
  });
  it('puts the local part on the given domain', () => {
    const address = randomAddress('inboxd.test', (bytes) => webcrypto.getRandomValues(bytes));
    assert.match(address, /^[a-z2-7]{12}@inboxd\.test$/);
  });
  it('does not repeat itself over many draws', () => {
    const seen = new Set(
      Array.from({ length: 5000 }, () => randomAddress('d.example', (bytes) => webcrypto.getRandomValues(bytes))),
    );
    assert.equal(seen.size, 5000);
  });
  it('refuses too few random bytes', () => assert.throws(() => localPartFrom(new Uint8Array(4))));
});
