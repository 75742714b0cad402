// How far V8 lets the old generation grow past what a full collection found alive (issue 15, P51). V8
// picks a factor of up to 4 from how fast its collections run; under 200 SMTP sessions of small mail what
// then grew until the next full collection was mostly the garbage of finished sessions, and the main
// thread's heap was the largest part of the service's peak RSS. At 1.5 the heap at that load's peak is
// about 9 MB smaller, for about 3 % more CPU a message (docs/performance.md). Like the young generation's
// growth factor (young-generation.ts), V8 reads this option at every full collection, so setting it at
// start, before the program loads, is enough; it applies to every thread's heap.
import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to its live size times (1 + this / 100) before the next full collection. */
export const HEAP_GROWING_PERCENT = 50;

export function limitOldGenerationGrowth(percent = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
