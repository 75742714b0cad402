// Where time comes from. The service reads the system clock and its timers; tests drive a manual clock so
// that retention (D4), rate limits (D17) and waits (D24) are tested without sleeping.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `fn` once, `ms` from now on this clock; returns a function that cancels it. */
  schedule(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

export interface ManualClock extends Clock {
  /** Moves time forward, running every timer that falls due, in order of their times. */
  advance(ms: number): void;
  set(ms: number): void;
  /** Timers waiting on this clock. */
  pendingTimers(): number;
}

export function createManualClock(startMs: number = Date.UTC(2026, 10, 21, 12, 0, 0)): ManualClock {
  let current = startMs;
  let sequence = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();

  function runDue(): void {
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of timers)
        if (entry[1].at <= current && (next === undefined || entry[1].at < next[1].at)) next = entry;
      if (next === undefined) return;
      timers.delete(next[0]);
      next[1].fn();
    }
  }

  return {
    now: () => current,
    schedule(ms, fn) {
      const id = (sequence += 1);
      timers.set(id, { at: current + Math.max(0, ms), fn });
      return () => void timers.delete(id);
    },
    advance(ms) {
      current += ms;
      runDue();
    },
    set(ms) {
      current = ms;
      runDue();
    },
    pendingTimers: () => timers.size,
  };
}
