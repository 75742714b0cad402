import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Redis } from 'ioredis';
import { redisSkipReason, TEST_REDIS_URL, testRedisPrefix } from '../../test/support/backends.js';
import { createManualClock } from '../clock.js';
import { connectRedis } from '../redis-connection.js';
import { createMemoryLimiter } from './memory-limiter.js';
import type { LimitRule } from './rate-limiter.js';
import { runRateLimiterContract } from './rate-limiter-contract.js';
import { createRedisLimiter, WINDOW_KEY } from './redis-limiter.js';

const skip = await redisSkipReason();
if (skip !== null) {
  it('RateLimiter contract: redis', { skip }, () => undefined);
} else {
  const redis: Redis = await connectRedis(TEST_REDIS_URL);
  after(() => redis.quit());

  runRateLimiterContract('redis (the test clock passed to the script)', (clock) =>
    createRedisLimiter({ redis, prefix: testRedisPrefix(), clock }),
  );

  describe('Redis limiter against the in-process one', () => {
    it("gives the in-process limiter's verdict, field for field, over random bursts, paces and idle gaps", async () => {
      const clock = createManualClock();
      const shared = createRedisLimiter({ redis, prefix: testRedisPrefix(), clock });
      const local = createMemoryLimiter(clock);
      // A small window (buckets of 100 ms), so a few thousand requests cross many windows and refusals.
      const rules: LimitRule[][] = [
        [{ kind: 'window', key: 'net:a', windowMs: 6000, max: 30 }],
        [
          { kind: 'window', key: 'net:a', windowMs: 6000, max: 30 },
          { kind: 'gcra', key: 'addr:a', periodMs: 150, burst: 5 },
        ],
        [{ kind: 'window', key: 'net:b', windowMs: 6000, max: 30 }],
      ];
      let s = 11;
      const random = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
      for (let i = 0; i < 3000; i += 1) {
        const r = random();
        // Mostly a request every few ms to 0.3 s; now and then a pause of up to two windows.
        clock.advance(r < 0.02 ? Math.floor(random() * 12_000) : r < 0.3 ? 0 : Math.floor(random() * 300));
        const call = rules[Math.floor(random() * rules.length)]!;
        assert.deepEqual(await shared.consume(call), await local.consume(call), `request ${i}`);
      }
    });
  });

  describe("Redis limiter on Redis's own clock", () => {
    it('shares one budget between two nodes that pass no clock of their own (the script reads TIME)', async () => {
      const prefix = testRedisPrefix();
      const nodeA = createRedisLimiter({ redis, prefix });
      const nodeB = createRedisLimiter({ redis, prefix });
      const rule = { kind: 'gcra' as const, key: 'addr:shared@inboxd.test', periodMs: 60_000, burst: 5 };
      const verdicts = [];
      for (let i = 0; i < 6; i += 1) verdicts.push(await (i % 2 === 0 ? nodeA : nodeB).consume([rule]));
      assert.deepEqual(
        verdicts.map((v) => v.allowed),
        [true, true, true, true, true, false],
      );
      const refused = verdicts[5]!;
      assert.ok(
        refused.retryAfterMs > 50_000 && refused.retryAfterMs <= 60_000,
        `retry after ${refused.retryAfterMs} ms`,
      );
    });

    it('leaves keys that expire by themselves once their budget is full again', async () => {
      const prefix = testRedisPrefix();
      const limiter = createRedisLimiter({ redis, prefix });
      await limiter.consume([
        { kind: 'gcra', key: 'addr:ttl@inboxd.test', periodMs: 1000, burst: 5 },
        { kind: 'window', key: 'net:ttl', windowMs: 60_000, max: 1200 },
      ]);
      const gcraTtl = await redis.pttl(`${prefix}limit:addr:ttl@inboxd.test`);
      const windowTtl = await redis.pttl(`${prefix}${WINDOW_KEY}:net:ttl`);
      assert.ok(gcraTtl > 0 && gcraTtl <= 1000, `GCRA key expires in ${gcraTtl} ms`);
      assert.ok(windowTtl > 59_000 && windowTtl <= 61_000, `window key expires in ${windowTtl} ms`);
    });
  });
}
