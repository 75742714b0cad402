import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../clock.js';
import { watchDataPace } from './data-pace.js';

function watched(options: { windowMs?: number; minBytes?: number; deadlineMs?: number } = {}) {
  const clock = createManualClock();
  const failures: string[] = [];
  const pace = watchDataPace({
    clock,
    windowMs: 10_000,
    minBytes: 5_000,
    deadlineMs: 60_000,
    ...options,
    onTooSlow: (reason) => failures.push(reason),
  });
  return { clock, failures, pace };
}

describe('the pace DATA must keep (issue 20)', () => {
  it('closes a sender that stalls after its first bytes', () => {
    const { clock, failures, pace } = watched();
    pace.bytes(300_000);
    clock.advance(10_000);
    assert.deepEqual(failures, []);
    clock.advance(10_000);
    assert.deepEqual(failures, ['too_slow']);
  });

  it('closes a sender that trickles one byte every few seconds', () => {
    const { clock, failures, pace } = watched();
    for (let s = 0; s < 10 && failures.length === 0; s += 1) {
      pace.bytes(1);
      clock.advance(3_000);
    }
    assert.deepEqual(failures, ['too_slow']);
  });

  it('lets a sender that keeps the pace go on, up to the deadline of reading time', () => {
    const { clock, failures, pace } = watched();
    for (let s = 0; s < 59; s += 1) {
      pace.bytes(600);
      clock.advance(1_000);
    }
    assert.deepEqual(failures, []);
    pace.bytes(600);
    clock.advance(1_000);
    assert.deepEqual(failures, ['deadline']);
  });

  it('counts none of the time the server kept the session paused', () => {
    const { clock, failures, pace } = watched();
    pace.bytes(300_000);
    pace.pause();
    clock.advance(10 * 60_000);
    pace.resume();
    pace.bytes(6_000);
    clock.advance(10_000);
    assert.deepEqual(failures, []);
    pace.stop();
    clock.advance(60_000);
    assert.deepEqual(failures, []);
    assert.equal(clock.pendingTimers(), 0);
  });
});
