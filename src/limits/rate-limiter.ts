// The RateLimiter interface (D17). A call names every limit one request counts against; the request is
// admitted only when all of them have room, and a refused request uses up no budget in any of them.
// Adapters, both run through rate-limiter-contract.ts: in-process (memory-limiter.ts), exact for one node,
// and Redis (redis-limiter.ts, with INBOXD_REDIS_URL), one budget shared by every node; scaled-limiter.ts
// wraps either for load tests.

/** GCRA: a token bucket in time arithmetic; `burst` requests at once, one per `periodMs` sustained. */
export interface GcraRule {
  kind: 'gcra';
  key: string;
  periodMs: number;
  burst: number;
}

/** At most `max` requests in any `windowMs` (a sliding window, never a fixed one). */
export interface WindowRule {
  kind: 'window';
  key: string;
  windowMs: number;
  max: number;
}

export type LimitRule = GcraRule | WindowRule;

export interface LimitVerdict {
  allowed: boolean;
  /** When refused: how long until the same request would be admitted. 0 when allowed. */
  retryAfterMs: number;
  /** The limit that is nearest to refusing (for the RateLimit-* headers). */
  limit: number;
  remaining: number;
  /** Milliseconds until that limit has its full budget again. */
  resetMs: number;
}

export interface RateLimiter {
  consume(rules: LimitRule[]): Promise<LimitVerdict>;
  close(): Promise<void>;
}
