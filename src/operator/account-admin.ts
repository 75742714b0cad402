// `inboxd accounts create|list|update` (D13, D28): accounts with a plan, a monthly quota of premium-pool
// messages (D15) and a paid-through date.
import { DEFAULT_PREMIUM_QUOTA, hasActivePremium, isCalendarDate, PLANS, usageMonth } from '../access/plans.js';
import type { AccountChanges, AccountRecord, Plan } from '../store/directory-store.js';
import { isoTime, type OperatorDeps } from './operator-deps.js';
import { OperatorError } from './operator-error.js';

export interface AccountView {
  id: string;
  plan: Plan;
  monthly_quota: number;
  paid_through: string | null;
  premium_active: boolean;
  used_this_month: number;
  created_at: string | null;
}

export interface AccountInput {
  plan?: string | undefined;
  quota?: string | undefined;
  /** YYYY-MM-DD, or "none" for no end date. */
  paidThrough?: string | undefined;
}

function plan(value: string): Plan {
  if (!(PLANS as readonly string[]).includes(value))
    throw new OperatorError(`--plan must be one of ${PLANS.join(', ')}.`);
  return value as Plan;
}

function quota(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new OperatorError('--quota must be a whole number of messages a month.');
  return Number(value);
}

function paidThrough(value: string): string | null {
  if (value === 'none') return null;
  if (!isCalendarDate(value)) throw new OperatorError('--paid-through must be a date, YYYY-MM-DD (UTC), or none.');
  return value;
}

export function createAccountAdmin(deps: OperatorDeps) {
  async function view(account: AccountRecord): Promise<AccountView> {
    const now = deps.clock.now();
    return {
      id: account.id,
      plan: account.plan,
      monthly_quota: account.monthlyQuota,
      paid_through: account.paidThrough,
      premium_active: hasActivePremium(account, now),
      used_this_month: await deps.directory.usageOf(account.id, usageMonth(now)),
      created_at: isoTime(account.createdAt),
    };
  }

  return {
    async create(input: AccountInput): Promise<AccountView> {
      if (input.plan === undefined) throw new OperatorError('--plan is required (free or premium).');
      const chosen = plan(input.plan);
      const account: AccountRecord = {
        id: deps.newId(),
        plan: chosen,
        monthlyQuota:
          input.quota === undefined ? (chosen === 'premium' ? DEFAULT_PREMIUM_QUOTA : 0) : quota(input.quota),
        paidThrough: input.paidThrough === undefined ? null : paidThrough(input.paidThrough),
        createdAt: deps.clock.now(),
      };
      await deps.directory.createAccount(account);
      return view(account);
    },
    async list(): Promise<AccountView[]> {
      return Promise.all((await deps.directory.listAccounts()).map(view));
    },
    async update(id: string, input: AccountInput): Promise<AccountView> {
      const changes: AccountChanges = {};
      if (input.plan !== undefined) changes.plan = plan(input.plan);
      if (input.quota !== undefined) changes.monthlyQuota = quota(input.quota);
      if (input.paidThrough !== undefined) changes.paidThrough = paidThrough(input.paidThrough);
      if (!(await deps.directory.updateAccount(id, changes))) throw new OperatorError(`No account ${id}.`);
      return view((await deps.directory.getAccount(id)) as AccountRecord);
    },
  };
}
