import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMessageBufferPool } from './message-buffers.js';

/** A schedule the test runs by hand: `fire()` runs what is pending, as if its time had come. */
function manualSchedule() {
  let pending: (() => void) | undefined;
  return {
    schedule: (fn: () => void) => {
      pending = fn;
      return () => (pending = undefined);
    },
    fire: () => {
      const due = pending;
      pending = undefined;
      due?.();
    },
    armed: () => pending !== undefined,
  };
}

const resizable = (bytes: number) => {
  const buffer = new ArrayBuffer(0, { maxByteLength: 1 << 20 });
  buffer.resize(bytes);
  return buffer;
};

describe('the pool of large messages’ buffers (P46)', () => {
  it('hands out a buffer given back before, and nothing when none waits', () => {
    const pool = createMessageBufferPool({ keep: 2, idleMs: 10_000, schedule: manualSchedule().schedule });
    assert.equal(pool.take(1 << 20), undefined);
    const used = resizable(4096);
    pool.give(used);
    assert.equal(pool.take(1 << 20), used);
    assert.equal(pool.take(1 << 20), undefined);
  });

  it('keeps at most `keep` buffers and frees the others at once', () => {
    const pool = createMessageBufferPool({ keep: 2, idleMs: 10_000, schedule: manualSchedule().schedule });
    const buffers = [resizable(10), resizable(10), resizable(10)];
    for (const buffer of buffers) pool.give(buffer);
    assert.equal(pool.waiting(), 2);
    assert.equal(buffers[2]!.detached, true, 'the third is freed, not left to the collector');
  });

  it('frees a buffer that is not resizable, and ignores one already detached', () => {
    const pool = createMessageBufferPool({ keep: 2, idleMs: 10_000, schedule: manualSchedule().schedule });
    const fixed = new ArrayBuffer(10);
    pool.give(fixed);
    assert.equal(fixed.detached, true);
    const gone = resizable(10);
    gone.transfer(0);
    pool.give(gone);
    assert.equal(pool.waiting(), 0);
  });

  it('frees the buffers waiting once none was taken for the idle time', () => {
    const timer = manualSchedule();
    const pool = createMessageBufferPool({ keep: 4, idleMs: 10_000, schedule: timer.schedule });
    const a = resizable(100);
    const b = resizable(100);
    pool.give(a);
    pool.give(b);
    assert.ok(timer.armed());
    timer.fire();
    assert.equal(pool.waiting(), 0);
    assert.equal(a.detached && b.detached, true);
    assert.equal(timer.armed(), false);
  });

  it('does not hand out a buffer that cannot grow to the size asked: it frees it', () => {
    const pool = createMessageBufferPool({ keep: 2, idleMs: 10_000, schedule: manualSchedule().schedule });
    const small = resizable(10);
    pool.give(small);
    assert.equal(pool.take(2 << 20), undefined);
    assert.equal(small.detached, true);
  });
});
