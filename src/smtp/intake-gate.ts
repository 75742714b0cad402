// Bounds the memory that large messages take while they are read, parsed and stored. Every message is
// read freely up to a threshold; past it, the session must hold one of a few slots to go on, and waits
// for one with its DATA stream paused, which smtp-server turns into TCP backpressure on the sender. A
// slot is freed when its delivery ends. Sessions waiting hold at most the threshold each, so 50 senders
// of 7 MB mail cost about 50 × threshold plus slots × one message's working set, not 50 × 7 MB × copies.
// Small mail never waits. No deadlock: a slot holder needs nothing more from the gate to finish.

export interface IntakeGateOptions {
  /** Messages past the threshold that may be in flight at once. */
  slots: number;
}

export interface IntakeGate {
  /** Resolves with the slot's release once one is free; release is idempotent. */
  acquire(): Promise<() => void>;
  /** Slots taken now and sessions waiting for one (for tests and metrics). */
  state(): { taken: number; waiting: number };
}

export function createIntakeGate(options: IntakeGateOptions): IntakeGate {
  const waiting: (() => void)[] = [];
  let taken = 0;

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the oldest waiter, so `taken` never exceeds `slots`.
      const next = waiting.shift();
      if (next === undefined) taken -= 1;
      else next();
    };
  }

  return {
    async acquire() {
      if (taken < options.slots) taken += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      return releaser();
    },
    state: () => ({ taken, waiting: waiting.length }),
  };
}
