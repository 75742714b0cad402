import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Redis } from 'ioredis';
import { redisSkipReason, TEST_REDIS_URL, testRedisPrefix } from '../../test/support/backends.js';
import { connectRedis } from '../redis-connection.js';
import { runRateLimiterContract } from './rate-limiter-contract.js';
import { createRedisLimiter } from './redis-limiter.js';

const skip = await redisSkipReason();
if (skip !== null) {
  it('RateLimiter contract: redis', { skip }, () => undefined);
} else {
  const redis: Redis = await connectRedis(TEST_REDIS_URL);
  after(() => redis.quit());

  runRateLimiterContract('redis (the test clock passed to the script)', (clock) =>
    createRedisLimiter({ redis, prefix: testRedisPrefix(), clock }),
  );

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
      const windowTtl = await redis.pttl(`${prefix}limit:net:ttl`);
      assert.ok(gcraTtl > 0 && gcraTtl <= 1000, `GCRA key expires in ${gcraTtl} ms`);
      assert.ok(windowTtl > 59_000 && windowTtl <= 61_000, `window key expires in ${windowTtl} ms`);
    });
  });
}
