// How far V8 lets the old generation grow past what its last full collection kept before it collects
// again (issue 15). By default it lets the heap double or more when it collects seldom, which under 200
// SMTP sessions of small mail let the main thread's old space reach 72 MB with 40 MB alive. At 30 % the
// service's peak RSS at 4 KB × 200 sessions fell from 239–246 MB to 195–205 MB, for about a tenth more
// CPU per message (more full collections, most of their marking off the main thread). The option is read
// at every collection, so it applies from the moment it is set, in every thread of the process.
import { setFlagsFromString } from 'node:v8';

export const OLD_GENERATION_GROWTH_PERCENT = 30;

export function limitOldGenerationGrowth(percent = OLD_GENERATION_GROWTH_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
