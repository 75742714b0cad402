import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../clock.js';
import { createMemoryLimiter } from './memory-limiter.js';
import { ADDRESS_BURST, CLIENT_MAX, requestLimits } from './request-limits.js';
import { scaledLimiter, scaleRule } from './scaled-limiter.js';

async function admittedInARow(scale: number, address?: string): Promise<number> {
  const limiter = scaledLimiter(createMemoryLimiter(createManualClock()), scale);
  let admitted = 0;
  while ((await limiter.consume(requestLimits('net:127.0.0.1', address))).allowed) admitted += 1;
  return admitted;
}

describe('rate limits scaled for load tests (INBOXD_RATE_LIMIT_SCALE)', () => {
  it('multiplies the burst and sustained rate of GCRA and the maximum of a window', () => {
    assert.deepEqual(scaleRule({ kind: 'gcra', key: 'a', periodMs: 1000, burst: 5 }, 10), {
      kind: 'gcra',
      key: 'a',
      periodMs: 100,
      burst: 50,
    });
    assert.deepEqual(scaleRule({ kind: 'window', key: 'c', windowMs: 60_000, max: 1200 }, 10), {
      kind: 'window',
      key: 'c',
      windowMs: 60_000,
      max: 12_000,
    });
  });

  it('admits scale times as many requests at once, and exactly D17 with scale 1', async () => {
    assert.equal(await admittedInARow(1, 'x@inboxd.test'), ADDRESS_BURST);
    assert.equal(await admittedInARow(20, 'x@inboxd.test'), ADDRESS_BURST * 20);
    assert.equal(await admittedInARow(1), CLIENT_MAX);
    assert.equal(await admittedInARow(3), CLIENT_MAX * 3);
  });
});
