// Message and attachment ids (D2): ULIDs, 26 characters of Crockford base32, time-ordered and monotonic
// within one process, so ordering by id is ordering by arrival and a cursor outlives its message.
import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { Clock } from '../clock.js';

export type IdGenerator = () => string;

/** 26 characters of Crockford base32, the form of every id we issue. */
export const ID_FORM = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The same draws as ulid's own crypto PRNG (one random byte per character, over 256), taken from a
 * buffer filled 4 KB at a time: one call into the crypto library per ~250 ids instead of 16 per id. */
export function bufferedCryptoPrng(size = 4096): () => number {
  const pool = new Uint8Array(size);
  let next = size;
  return () => {
    if (next === size) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++]! / 256;
  };
}

export function createIdGenerator(clock: Clock): IdGenerator {
  const next = monotonicFactory(bufferedCryptoPrng());
  return () => next(clock.now());
}

/** True when the value has the form of an id we issue (not that such an id exists). */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_FORM.test(value);
}
