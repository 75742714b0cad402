// The in-process RateLimiter: exact for one node. State lives in two maps that are pruned as they grow,
// so idle keys cost nothing after their budget is full again.
import type { Clock } from '../clock.js';
import { combineVerdicts } from './combine-verdicts.js';
import { evaluateGcra } from './gcra.js';
import type { LimitRule, LimitVerdict, RateLimiter } from './rate-limiter.js';
import { emptyWindow, evaluateWindow, recordInWindow, slide, type WindowState } from './sliding-window.js';

const PRUNE_EVERY = 10_000;

export function createMemoryLimiter(clock: Clock): RateLimiter {
  const tats = new Map<string, number>();
  const windows = new Map<string, { state: WindowState; rule: LimitRule & { kind: 'window' } }>();
  let calls = 0;

  function prune(now: number): void {
    for (const [key, tat] of tats) if (tat <= now) tats.delete(key);
    for (const [key, entry] of windows) {
      slide(entry.state, now, entry.rule);
      if (entry.state.total === 0) windows.delete(key);
    }
  }

  return {
    async consume(rules: LimitRule[]): Promise<LimitVerdict> {
      const now = clock.now();
      calls += 1;
      if (calls % PRUNE_EVERY === 0) prune(now);
      const outcomes = rules.map((rule) => {
        if (rule.kind === 'gcra') {
          const outcome = evaluateGcra(tats.get(rule.key), now, rule);
          return { rule, outcome, limit: rule.burst, commit: () => tats.set(rule.key, outcome.nextTat) };
        }
        const entry = windows.get(rule.key) ?? { state: emptyWindow(), rule };
        const outcome = evaluateWindow(entry.state, now, rule);
        return {
          rule,
          outcome,
          limit: rule.max,
          commit: () => {
            recordInWindow(entry.state, now, rule);
            windows.set(rule.key, entry);
          },
        };
      });
      const allowed = outcomes.every((o) => o.outcome.allowed);
      if (allowed) outcomes.forEach((o) => o.commit());
      return combineVerdicts(outcomes.map((o) => ({ limit: o.limit, ...o.outcome })));
    },
    async close() {
      tats.clear();
      windows.clear();
    },
  };
}
