// A sliding window of counts in small buckets (1/60 of the window). A bucket counts while any part of it
// lies inside the window, so the sum can only over-count: never more than `max` requests are admitted in
// any window of `windowMs`, and after an idle window all `max` are available at once (D17).
import type { WindowRule } from './rate-limiter.js';

export interface WindowState {
  /** Bucket start times, oldest first, with their counts. */
  starts: number[];
  counts: number[];
  total: number;
}

export interface WindowOutcome {
  allowed: boolean;
  retryAfterMs: number;
  remaining: number;
  resetMs: number;
}

export function bucketSize(rule: WindowRule): number {
  return Math.max(1, Math.ceil(rule.windowMs / 60));
}

export function emptyWindow(): WindowState {
  return { starts: [], counts: [], total: 0 };
}

/** Drops the buckets that lie wholly outside the window ending at `now`. */
export function slide(state: WindowState, now: number, rule: WindowRule): void {
  const size = bucketSize(rule);
  while (state.starts.length > 0 && (state.starts[0] as number) + size <= now - rule.windowMs) {
    state.starts.shift();
    state.total -= state.counts.shift() as number;
  }
}

export function evaluateWindow(state: WindowState, now: number, rule: WindowRule): WindowOutcome {
  slide(state, now, rule);
  const size = bucketSize(rule);
  const resetMs =
    state.starts.length === 0 ? 0 : (state.starts[state.starts.length - 1] as number) + size + rule.windowMs - now;
  if (state.total >= rule.max) {
    const oldest = state.starts[0] as number;
    return { allowed: false, retryAfterMs: oldest + size + rule.windowMs - now, remaining: 0, resetMs };
  }
  return {
    allowed: true,
    retryAfterMs: 0,
    remaining: rule.max - state.total - 1,
    resetMs: Math.max(resetMs, size + rule.windowMs),
  };
}

export function recordInWindow(state: WindowState, now: number, rule: WindowRule): void {
  const size = bucketSize(rule);
  const start = now - (now % size);
  const last = state.starts.length - 1;
  if (last >= 0 && state.starts[last] === start) state.counts[last] = (state.counts[last] as number) + 1;
  else {
    state.starts.push(start);
    state.counts.push(1);
  }
  state.total += 1;
}
