// The contract every RateLimiter adapter must pass (D17). Adapters get the test's manual clock.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock, type ManualClock } from '../clock.js';
import type { GcraRule, RateLimiter, WindowRule } from './rate-limiter.js';

const perAddress = (key: string): GcraRule => ({ kind: 'gcra', key, periodMs: 1000, burst: 5 });
const perClient = (key: string): WindowRule => ({ kind: 'window', key, windowMs: 60_000, max: 1200 });

/** A small deterministic generator, so a failing schedule can be replayed. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function runRateLimiterContract(
  name: string,
  open: (clock: ManualClock) => Promise<RateLimiter> | RateLimiter,
): void {
  describe(`RateLimiter contract: ${name}`, () => {
    it('admits a burst of 5 for one address, then refuses with the wait until the next one passes', async () => {
      const clock = createManualClock();
      const limiter = await open(clock);
      for (let i = 0; i < 5; i += 1) assert.equal((await limiter.consume([perAddress('a')])).allowed, true);
      const refused = await limiter.consume([perAddress('a')]);
      assert.equal(refused.allowed, false);
      assert.equal(refused.retryAfterMs, 1000);
      assert.equal(refused.remaining, 0);
      clock.advance(999);
      assert.equal((await limiter.consume([perAddress('a')])).allowed, false);
      clock.advance(1);
      assert.equal((await limiter.consume([perAddress('a')])).allowed, true);
      await limiter.close();
    });

    it('never throttles polling once a second with up to ±500 ms of jitter', async () => {
      const clock = createManualClock();
      const limiter = await open(clock);
      const random = seeded(7);
      const start = clock.now();
      for (let i = 1; i <= 600; i += 1) {
        clock.set(start + i * 1000 + Math.round((random() - 0.5) * 1000));
        const verdict = await limiter.consume([perAddress('poller')]);
        assert.equal(verdict.allowed, true, `poll ${i} was throttled`);
      }
      await limiter.close();
    });

    it('admits 1200 requests at once from an idle client and refuses the 1201st until the window slides', async () => {
      const clock = createManualClock();
      const limiter = await open(clock);
      for (let i = 0; i < 1200; i += 1) assert.equal((await limiter.consume([perClient('c')])).allowed, true);
      const refused = await limiter.consume([perClient('c')]);
      assert.equal(refused.allowed, false);
      assert.ok(refused.retryAfterMs > 59_000 && refused.retryAfterMs <= 61_000, `retry after ${refused.retryAfterMs}`);
      clock.advance(refused.retryAfterMs);
      assert.equal((await limiter.consume([perClient('c')])).allowed, true);
      await limiter.close();
    });

    it('never admits more than 1200 requests in any 60-second window', async () => {
      const clock = createManualClock();
      const limiter = await open(clock);
      const random = seeded(42);
      const admitted: number[] = [];
      for (let i = 0; i < 6000; i += 1) {
        clock.advance(Math.floor(random() * 80));
        if ((await limiter.consume([perClient('busy')])).allowed) admitted.push(clock.now());
      }
      let left = 0;
      for (let right = 0; right < admitted.length; right += 1) {
        while ((admitted[right] as number) - (admitted[left] as number) >= 60_000) left += 1;
        assert.ok(right - left + 1 <= 1200, `${right - left + 1} admitted within 60 s`);
      }
      assert.ok(admitted.length > 2400, 'the window must keep admitting as it slides');
      await limiter.close();
    });

    it('spends no budget of any limit on a refused request', async () => {
      const clock = createManualClock();
      const limiter = await open(clock);
      for (let i = 0; i < 5; i += 1) await limiter.consume([perAddress('full'), perClient('me')]);
      const before = await limiter.consume([perClient('me')]);
      for (let i = 0; i < 20; i += 1)
        assert.equal((await limiter.consume([perAddress('full'), perClient('me')])).allowed, false);
      const after = await limiter.consume([perClient('me')]);
      assert.equal(after.allowed, true);
      assert.equal(before.remaining - after.remaining, 1, 'the 20 refused requests cost the client nothing');
      await limiter.close();
    });

    it('keeps separate budgets for separate keys', async () => {
      const clock = createManualClock();
      const limiter = await open(clock);
      for (let i = 0; i < 5; i += 1) await limiter.consume([perAddress('x')]);
      assert.equal((await limiter.consume([perAddress('x')])).allowed, false);
      assert.equal((await limiter.consume([perAddress('y')])).allowed, true);
      await limiter.close();
    });
  });
}
