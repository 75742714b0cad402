import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AccountRecord } from '../store/directory-store.js';
import { hasActivePremium, isCalendarDate, usageMonth } from './plans.js';

const account = (overrides: Partial<AccountRecord>): AccountRecord => ({
  id: 'A',
  plan: 'premium',
  monthlyQuota: 10,
  paidThrough: null,
  createdAt: 0,
  ...overrides,
});

describe('plans (D13, D15)', () => {
  it('keeps a premium plan active through the whole last paid day, UTC', () => {
    const paid = account({ paidThrough: '2026-11-30' });
    assert.equal(hasActivePremium(paid, Date.UTC(2026, 10, 30, 23, 59, 59, 999)), true);
    assert.equal(hasActivePremium(paid, Date.UTC(2026, 11, 1)), false);
  });

  it('treats a premium plan without a paid-through date as active, and a free plan as never premium', () => {
    assert.equal(hasActivePremium(account({}), Date.UTC(2030, 0, 1)), true);
    assert.equal(hasActivePremium(account({ plan: 'free' }), Date.UTC(2026, 0, 1)), false);
  });

  it('counts usage by calendar month in UTC', () => {
    assert.equal(usageMonth(Date.UTC(2026, 10, 30, 23, 59, 59)), '2026-11');
    assert.equal(usageMonth(Date.UTC(2026, 11, 1)), '2026-12');
  });

  it('accepts only real calendar days as paid-through dates', () => {
    assert.equal(isCalendarDate('2028-02-29'), true);
    for (const bad of ['2027-02-29', '2026-13-01', '2026-1-1', '20261101', 'tomorrow'])
      assert.equal(isCalendarDate(bad), false, bad);
  });
});
