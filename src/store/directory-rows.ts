// The directory's rows as the SQL adapters (SQLite, PostgreSQL) read them, and their mapping to records:
// the two schemas have the same columns, so one mapping serves both.
import type { AccountRecord, ApiKeyRecord, DomainClosure, DomainRecord, Plan } from './directory-store.js';

export interface DomainRow {
  domain: string;
  connected_at: number;
  key_digest: string | null;
  account_id: string | null;
}

export interface AccountRow {
  id: string;
  plan: Plan;
  monthly_quota: number;
  paid_through: string | null;
  created_at: number;
}

export interface KeyRow {
  id: string;
  account_id: string;
  digest: string;
  created_at: number;
  revoked_at: number | null;
}

export const DOMAIN_SELECT = 'SELECT domain, connected_at, key_digest, account_id FROM domains';
export const ACCOUNT_SELECT = 'SELECT id, plan, monthly_quota, paid_through, created_at FROM accounts';
export const KEY_SELECT = 'SELECT id, account_id, digest, created_at, revoked_at FROM api_keys';

export function toDomain(row: DomainRow): DomainRecord {
  let closure: DomainClosure | null = null;
  if (row.key_digest !== null) closure = { kind: 'key', digest: row.key_digest };
  else if (row.account_id !== null) closure = { kind: 'account', accountId: row.account_id };
  return { domain: row.domain, connectedAt: row.connected_at, closure };
}

export function toAccount(row: AccountRow): AccountRecord {
  return { id: row.id, plan: row.plan, monthlyQuota: row.monthly_quota, paidThrough: row.paid_through, createdAt: row.created_at };
}

export function toKey(row: KeyRow): ApiKeyRecord {
  return { id: row.id, accountId: row.account_id, digest: row.digest, createdAt: row.created_at, revokedAt: row.revoked_at };
}
