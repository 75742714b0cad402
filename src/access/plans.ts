// Plans (D13): an account is free or premium; a premium plan is active through the last day it is paid
// for (UTC) or without end when no date is set. Quotas count per calendar month, UTC (D15).
import type { AccountRecord, Plan } from '../store/directory-store.js';

export const PLANS: readonly Plan[] = ['free', 'premium'];
/** Premium-pool messages a month when the operator names no quota (P10). */
export const DEFAULT_PREMIUM_QUOTA = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function hasActivePremium(account: AccountRecord, now: number): boolean {
  if (account.plan !== 'premium') return false;
  if (account.paidThrough === null) return true;
  return now < Date.parse(`${account.paidThrough}T00:00:00.000Z`) + DAY_MS;
}

/** The quota period of an instant: its calendar month in UTC, as "YYYY-MM". */
export function usageMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/** A paid-through date as the operator writes it: a real calendar day, YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}
