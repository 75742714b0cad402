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

export function combineVerdicts(outcomes: RuleOutcome[]): LimitVerdict {
  const refused = outcomes.filter((o) => !o.allowed);
  const decisive = refused.length > 0 ? refused : outcomes;
  const nearest = decisive.reduce<RuleOutcome | undefined>(
    (a, b) => (a === undefined || b.remaining < a.remaining ? b : a),
    undefined,
  );
  return {
    allowed: refused.length === 0,
    retryAfterMs: Math.max(0, ...refused.map((o) => o.retryAfterMs)),
    limit: nearest?.limit ?? 0,
    remaining: nearest?.remaining ?? 0,
    resetMs: nearest?.resetMs ?? 0,
  };
}
