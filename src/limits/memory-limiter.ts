// The in-process RateLimiter: exact for one node. State lives in two maps that are pruned as they grow,
// so idle keys cost nothing after their budget is full again.
import type { Clock } from '../clock.js';
import { combineVerdicts, type RuleOutcome } from './combine-verdicts.js';
import { evaluateGcra } from './gcra.js';
import type { LimitRule, LimitVerdict, RateLimiter, WindowRule } from './rate-limiter.js';
import { emptyWindow, evaluateWindow, recordInWindow, slide, type WindowState } from './sliding-window.js';

const PRUNE_EVERY = 10_000;

interface WindowEntry {
  state: WindowState;
  rule: WindowRule;
}

export function createMemoryLimiter(clock: Clock): RateLimiter {
  const tats = new Map<string, number>();
  const windows = new Map<string, WindowEntry>();
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
      // Every rule is evaluated first and committed only when all admit the request (no closures or
      // per-rule objects beyond the outcomes: this runs for every request, issue 15).
      const outcomes: RuleOutcome[] = [];
      const gcraTats: number[] = [];
      const windowEntries: WindowEntry[] = [];
      for (const rule of rules) {
        if (rule.kind === 'gcra') {
          const outcome = evaluateGcra(tats.get(rule.key), now, rule);
          gcraTats.push(outcome.nextTat);
          outcomes.push({ ...outcome, limit: rule.burst });
        } else {
          const entry = windows.get(rule.key) ?? { state: emptyWindow(), rule };
          windowEntries.push(entry);
          outcomes.push({ ...evaluateWindow(entry.state, now, rule), limit: rule.max });
        }
      }
      const verdict = combineVerdicts(outcomes);
      if (verdict.allowed) {
        let gcra = 0;
        let window = 0;
        for (const rule of rules) {
          if (rule.kind === 'gcra') tats.set(rule.key, gcraTats[gcra++]!);
          else {
            const entry = windowEntries[window++]!;
            recordInWindow(entry.state, now, rule);
            windows.set(rule.key, entry);
          }
        }
      }
      return verdict;
    },
    async close() {
      tats.clear();
      windows.clear();
    },
  };
}
