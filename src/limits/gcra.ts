// GCRA (generic cell rate algorithm) as pure arithmetic on a theoretical arrival time (TAT).
// A client polling once a second with ±500 ms of jitter stays well inside a burst of 5 (D17).
import type { GcraRule } from './rate-limiter.js';

export interface GcraOutcome {
  allowed: boolean;
  /** The TAT to store when the request is admitted. */
  nextTat: number;
  retryAfterMs: number;
  remaining: number;
  resetMs: number;
}

export function evaluateGcra(tat: number | undefined, now: number, rule: GcraRule): GcraOutcome {
  const start = Math.max(tat ?? now, now);
  const nextTat = start + rule.periodMs;
  const capacity = rule.burst * rule.periodMs;
  const allowAt = nextTat - capacity;
  if (now < allowAt) {
    const remainingBefore = Math.max(0, Math.floor((capacity - (start - now)) / rule.periodMs));
    return {
      allowed: false,
      nextTat: start,
      retryAfterMs: allowAt - now,
      remaining: remainingBefore,
      resetMs: start - now,
    };
  }
  return {
    allowed: true,
    nextTat,
    retryAfterMs: 0,
    remaining: Math.floor((capacity - (nextTat - now)) / rule.periodMs),
    resetMs: nextTat - now,
  };
}
