import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../clock.js';
import { bufferedCryptoPrng, createIdGenerator, ID_FORM } from './ids.js';

describe('ids (D2)', () => {
  it('draws the PRNG from crypto bytes: multiples of 1/256 in [0, 1), refilled when used up', () => {
    const prng = bufferedCryptoPrng(16);
    const draws = Array.from({ length: 1000 }, prng);
    for (const d of draws) {
      assert.ok(d >= 0 && d < 1);
      assert.equal(Number.isInteger(d * 256), true);
    }
    assert.ok(new Set(draws).size > 100, 'not one buffer over and over');
  });

  it('issues ids of the documented form, unique and increasing within one millisecond', () => {
    const next = createIdGenerator(createManualClock());
    const ids = Array.from({ length: 5000 }, next);
    for (const id of ids) assert.match(id, ID_FORM);
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual([...ids].sort(), ids);
  });
});
