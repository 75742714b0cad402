// D17's limits multiplied by a factor (INBOXD_RATE_LIMIT_SCALE), for load tests and benchmarks: every
// request still goes through the limiter and pays its cost, but a load generator on one address is not
// refused after its first five requests. A GCRA rule gets `scale` times the burst and the sustained
// rate; a window rule `scale` times its maximum.
import type { LimitRule, RateLimiter } from './rate-limiter.js';

export function scaleRule(rule: LimitRule, scale: number): LimitRule {
  return rule.kind === 'gcra'
    ? { ...rule, burst: rule.burst * scale, periodMs: rule.periodMs / scale }
    : { ...rule, max: rule.max * scale };
}

export function scaledLimiter(limiter: RateLimiter, scale: number): RateLimiter {
  if (scale === 1) return limiter;
  return {
    consume: (rules) => limiter.consume(rules.map((rule) => scaleRule(rule, scale))),
    close: () => limiter.close(),
  };
}
