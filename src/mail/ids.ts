// Message and attachment ids (D2): ULIDs, 26 characters of Crockford base32, time-ordered and monotonic
// within one process, so ordering by id is ordering by arrival and a cursor outlives its message.
import { monotonicFactory } from 'ulid';
import type { Clock } from '../clock.js';

export type IdGenerator = () => string;

/** 26 characters of Crockford base32, the form of every id we issue. */
export const ID_FORM = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function createIdGenerator(clock: Clock): IdGenerator {
  const next = monotonicFactory();
  return () => next(clock.now());
}

/** True when the value has the form of an id we issue (not that such an id exists). */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_FORM.test(value);
}
