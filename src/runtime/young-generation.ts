// Caps the main thread's young generation (V8's new space), which otherwise grows to 64 MiB a semi-space
// on a machine with a few GB of memory: under 200 SMTP sessions of small mail it reached 110 MB of
// resident memory, idle 40 MB, most of the service's peak RSS beyond the heaps it needs (issue 15). The
// size is a V8 option that only the command line (or NODE_OPTIONS) sets before the heap exists; what can
// change at run time is the factor the new space grows by, read at each growth: 2 (V8's default) while the
// new space is under the cap, 1 (no growth) once it reaches it, checked a few times a second. V8 still
// shrinks the new space when allocation slows down, and it may grow again up to the cap.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** New space of 16 MiB (two semi-spaces of 8 MiB): a larger one made ingest no cheaper per message. */
export const YOUNG_GENERATION_BYTES = 16 * 1024 * 1024;

export interface YoungGenerationPort {
  /** The new space's current capacity, in bytes. */
  newSpaceBytes(): number;
  /** Sets V8's --semi-space-growth-factor. */
  setGrowthFactor(factor: 1 | 2): void;
}

/** The decision alone: lets the new space double only while doubling keeps it within `limitBytes`. */
export function youngGenerationCap(limitBytes: number, port: YoungGenerationPort): { check(): void } {
  let current: 1 | 2 | undefined;
  return {
    check() {
      const factor = port.newSpaceBytes() * 2 <= limitBytes ? 2 : 1;
      if (factor === current) return;
      port.setGrowthFactor(factor);
      current = factor;
    },
  };
}

const v8Port: YoungGenerationPort = {
  newSpaceBytes: () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
  setGrowthFactor: (factor) => setFlagsFromString(`--semi-space-growth-factor=${factor}`),
};

/** Applies the cap to this thread's heap from now on, checking every `everyMs`; the timer does not keep
 * the process alive. Growth starts stopped, so loading the program cannot grow the new space before the
 * first check. */
export function capYoungGeneration(limitBytes = YOUNG_GENERATION_BYTES, everyMs = 100): () => void {
  v8Port.setGrowthFactor(1);
  const cap = youngGenerationCap(limitBytes, v8Port);
  const timer = setInterval(() => cap.check(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
