import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { youngGenerationCap } from './young-generation.js';

function capped(limit: number) {
  let newSpace = 0;
  const factors: number[] = [];
  const cap = youngGenerationCap(limit, {
    newSpaceBytes: () => newSpace,
    setGrowthFactor: (factor) => factors.push(factor),
  });
  return {
    factors,
    at(bytes: number) {
      newSpace = bytes;
      cap.check();
    },
  };
}

describe("the main thread's young generation cap (issue 15)", () => {
  it('lets the new space double only while the doubled size stays within the cap', () => {
    const young = capped(16);
    young.at(2);
    young.at(4);
    young.at(8);
    assert.deepEqual(young.factors, [2]);
    young.at(16);
    assert.deepEqual(young.factors, [2, 1]);
  });

  it('lets it grow again once V8 has shrunk it below the cap', () => {
    const young = capped(16);
    young.at(16);
    young.at(32);
    young.at(4);
    assert.deepEqual(young.factors, [1, 2]);
  });
});
