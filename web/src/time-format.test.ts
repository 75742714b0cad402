import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expiresIn, formatBytes, receivedAgo } from './time-format.js';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('expiresIn (D4: five days after arrival)', () => {
  const cases: [number, string][] = [
    [5 * DAY, 'expires in 5 d'],
    [5 * DAY - 1, 'expires in 4 d 23 h'],
    [DAY + 30 * MIN, 'expires in 1 d'],
    [3 * HOUR + 5 * MIN, 'expires in 3 h 5 min'],
    [2 * HOUR, 'expires in 2 h'],
    [59 * MIN + 59_000, 'expires in 59 min'],
    [30_000, 'expires in under a minute'],
    [0, 'expired'],
    [-DAY, 'expired'],
  ];
  for (const [left, text] of cases)
    it(`reads "${text}" with ${left} ms left`, () => assert.equal(expiresIn(at(left), now), text));
  it('reads "expired" for a date it cannot parse', () => assert.equal(expiresIn('soon', now), 'expired'));
});

describe('receivedAgo', () => {
  const cases: [number, string][] = [
    [-5 * MIN, 'just now'],
    [0, 'just now'],
    [59_000, 'just now'],
    [MIN, '1 min ago'],
    [59 * MIN, '59 min ago'],
    [HOUR, '1 h ago'],
    [DAY - 1, '23 h ago'],
    [4 * DAY + HOUR, '4 d ago'],
  ];
  for (const [ago, text] of cases)
    it(`reads "${text}" ${ago} ms after arrival`, () => assert.equal(receivedAgo(at(-ago), now), text));
});

describe('formatBytes', () => {
  it('counts bytes, KiB and MiB', () => {
    assert.equal(formatBytes(0), '0 B');
    assert.equal(formatBytes(1023), '1023 B');
    assert.equal(formatBytes(1536), '1.5 KiB');
    assert.equal(formatBytes(40 * 1024), '40 KiB');
    assert.equal(formatBytes(5 * 1024 * 1024), '5.0 MiB');
  });
});
