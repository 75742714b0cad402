// The shared RateLimiter (INBOXD_REDIS_URL): the same GCRA and sliding-window semantics as the in-process
// adapter (D17), evaluated and spent atomically by one Lua script in Redis, so the per-address and
// per-client limits hold across every node together. Time is Redis's own clock unless a clock is given
// (tests, whose manual clock must rule the limiter as it rules everything else).
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { combineVerdicts, type RuleOutcome } from './combine-verdicts.js';
import type { LimitRule, LimitVerdict, RateLimiter } from './rate-limiter.js';
import { CONSUME_SCRIPT } from './redis-limiter-script.js';

export interface RedisLimiterOptions {
  redis: Redis;
  /** Put before every key, so deployments (or tests) can share one Redis. */
  prefix: string;
  /** When given, its time is used instead of Redis's (and expiries get an hour's margin). */
  clock?: Clock;
}

type ConsumeCommand = (numKeys: number, ...args: (string | number)[]) => Promise<number[]>;
const CLOCK_MARGIN_MS = 60 * 60 * 1000;
/** A window's hash keeps its total and bounds beside its buckets (redis-limiter-script.ts); a script of
 * before, which read every field as a bucket, would fail on them, so the hashes have a name of their own
 * (while nodes of both kinds run, each kind counts a client's window alone). */
export const WINDOW_KEY = 'window';

export function createRedisLimiter(options: RedisLimiterOptions): RateLimiter {
  const { redis, prefix, clock } = options;
  if (!('inboxdConsume' in redis)) redis.defineCommand('inboxdConsume', { lua: CONSUME_SCRIPT });
  const consume = (redis as unknown as { inboxdConsume: ConsumeCommand }).inboxdConsume.bind(redis);

  return {
    async consume(rules: LimitRule[]): Promise<LimitVerdict> {
      const keys = rules.map((rule) => `${prefix}${rule.kind === 'gcra' ? 'limit' : WINDOW_KEY}:${rule.key}`);
      const args: (string | number)[] = [
        clock === undefined ? '' : clock.now(),
        clock === undefined ? 0 : CLOCK_MARGIN_MS,
      ];
      for (const rule of rules) {
        if (rule.kind === 'gcra') args.push('g', rule.periodMs, rule.burst);
        else args.push('w', rule.windowMs, rule.max);
      }
      const flat = await consume(keys.length, ...keys, ...args);
      const outcomes: RuleOutcome[] = rules.map((rule, i) => ({
        limit: rule.kind === 'gcra' ? rule.burst : rule.max,
        allowed: flat[i * 4] === 1,
        retryAfterMs: flat[i * 4 + 1] ?? 0,
        remaining: flat[i * 4 + 2] ?? 0,
        resetMs: flat[i * 4 + 3] ?? 0,
      }));
      return combineVerdicts(outcomes);
    },
    async close() {
      // The connection belongs to whoever opened it (the composition root).
    },
  };
}
