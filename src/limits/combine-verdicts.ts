// One verdict from the outcomes of every limit a request counts against (D17): admitted only when all
// admit it; the Retry-After of a refusal is the longest wait among the limits that refused; the
// RateLimit-* headers describe the limit nearest to refusing.
import type { LimitVerdict } from './rate-limiter.js';

export interface RuleOutcome {
  /** The size of the limit: a GCRA burst or a window's maximum. */
  limit: number;
  allowed: boolean;
  retryAfterMs: number;
  remaining: number;
  resetMs: number;
}

export function combineVerdicts(outcomes: readonly RuleOutcome[]): LimitVerdict {
  // Plain loops: this runs once for every request the API answers (a poll's whole cost is ~0.08 ms, issue 15).
  let refused = 0;
  let retryAfterMs = 0;
  for (const o of outcomes) {
    if (o.allowed) continue;
    refused += 1;
    if (o.retryAfterMs > retryAfterMs) retryAfterMs = o.retryAfterMs;
  }
  let nearest: RuleOutcome | undefined;
  for (const o of outcomes) {
    // Among the refusals when there are any, else among all: the first with the fewest remaining.
    if (refused > 0 && o.allowed) continue;
    if (nearest === undefined || o.remaining < nearest.remaining) nearest = o;
  }
  return {
    allowed: refused === 0,
    retryAfterMs,
    limit: nearest?.limit ?? 0,
    remaining: nearest?.remaining ?? 0,
    resetMs: nearest?.resetMs ?? 0,
  };
}
