// Where time comes from. The service reads the system clock; tests drive a manual clock so that
// retention (D4) and rate limits (D17) are tested without sleeping.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function createManualClock(startMs: number = Date.UTC(2026, 10, 21, 12, 0, 0)): ManualClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
