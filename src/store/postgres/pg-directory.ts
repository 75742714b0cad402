// The PostgreSQL DirectoryStore: domains, accounts, API keys, reservations and usage, read on every call
// (nothing cached in the process), so a revoked key or a reopened domain holds at once on every node.
import type pg from 'pg';
import { ACCOUNT_SELECT, DOMAIN_SELECT, KEY_SELECT, toAccount, toDomain, toKey, type AccountRow, type DomainRow, type KeyRow } from '../directory-rows.js';
import type { AccountChanges, AccountRecord, ApiKeyRecord, DirectoryStore } from '../directory-store.js';
import { inTransaction } from './pg-transaction.js';


export function pgDirectoryStore(pool: pg.Pool): DirectoryStore {
  async function all<T extends pg.QueryResultRow>(sql: string, args: unknown[] = []): Promise<T[]> {
    return (await pool.query<T>(sql, args)).rows;
  }
  async function reservationOf(address: string): Promise<string | null> {
    const [row] = await all<{ account_id: string }>('SELECT account_id FROM reservations WHERE address = $1', [address]);
    return row?.account_id ?? null;
  }
  async function changed(sql: string, args: unknown[]): Promise<boolean> {
    return ((await pool.query(sql, args)).rowCount ?? 0) > 0;
  }

  return {
    async connectDomain(domain, now) {
      await pool.query('INSERT INTO domains (domain, connected_at) VALUES ($1, $2) ON CONFLICT (domain) DO NOTHING', [domain, now]);
    },
    async getDomain(domain) {
      const [row] = await all<DomainRow>(`${DOMAIN_SELECT} WHERE domain = $1`, [domain]);
      return row === undefined ? null : toDomain(row);
    },
    async listDomains() {
      return (await all<DomainRow>(`${DOMAIN_SELECT} ORDER BY domain`)).map(toDomain);
    },
    async domainsByKeyDigest(digest) {
      return (await all<DomainRow>(`${DOMAIN_SELECT} WHERE key_digest = $1 ORDER BY domain`, [digest])).map(toDomain);
    },
    async domainsClosedTo(accountId) {
      return (await all<DomainRow>(`${DOMAIN_SELECT} WHERE account_id = $1 ORDER BY domain`, [accountId])).map(toDomain);
    },
    async setDomainClosure(domain, closure) {
      const digest = closure?.kind === 'key' ? closure.digest : null;
      const accountId = closure?.kind === 'account' ? closure.accountId : null;
      return changed('UPDATE domains SET key_digest = $1, account_id = $2 WHERE domain = $3', [digest, accountId, domain]);
    },
    async createAccount(account: AccountRecord) {
      await pool.query('INSERT INTO accounts (id, plan, monthly_quota, paid_through, created_at) VALUES ($1, $2, $3, $4, $5)', [
        account.id, account.plan, account.monthlyQuota, account.paidThrough, account.createdAt,
      ]);
    },
    async getAccount(id) {
      const [row] = await all<AccountRow>(`${ACCOUNT_SELECT} WHERE id = $1`, [id]);
      return row === undefined ? null : toAccount(row);
    },
    async listAccounts() {
      return (await all<AccountRow>(`${ACCOUNT_SELECT} ORDER BY id`)).map(toAccount);
    },
    async updateAccount(id, changes: AccountChanges) {
      return inTransaction(pool, async (client) => {
        const row = (await client.query<AccountRow>(`${ACCOUNT_SELECT} WHERE id = $1 FOR UPDATE`, [id])).rows[0];
        if (row === undefined) return false;
        const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        const next = { ...toAccount(row), ...given };
        await client.query('UPDATE accounts SET plan = $1, monthly_quota = $2, paid_through = $3 WHERE id = $4', [
          next.plan, next.monthlyQuota, next.paidThrough, id,
        ]);
        return true;
      });
    },
    async createApiKey(key: ApiKeyRecord) {
      await pool.query('INSERT INTO api_keys (id, account_id, digest, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5)', [
        key.id, key.accountId, key.digest, key.createdAt, key.revokedAt,
      ]);
    },
    async getApiKey(id) {
      const [row] = await all<KeyRow>(`${KEY_SELECT} WHERE id = $1`, [id]);
      return row === undefined ? null : toKey(row);
    },
    async listApiKeys(accountId) {
      const rows = accountId === undefined ? await all<KeyRow>(`${KEY_SELECT} ORDER BY id`) : await all<KeyRow>(`${KEY_SELECT} WHERE account_id = $1 ORDER BY id`, [accountId]);
      return rows.map(toKey);
    },
    async revokeApiKey(id, now) {
      return changed('UPDATE api_keys SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2', [now, id]);
    },
    reservationOf,
    async reserveAddress(address, accountId, now) {
      // Insert-or-keep in one statement. When a concurrent reservation won after this statement's
      // snapshot was taken, the statement sees neither row, and a second read finds the winner.
      const [row] = await all<{ account_id: string }>(
        `WITH ins AS (INSERT INTO reservations (address, account_id, reserved_at) VALUES ($1, $2, $3)
           ON CONFLICT (address) DO NOTHING RETURNING account_id)
         SELECT account_id FROM ins UNION ALL SELECT account_id FROM reservations WHERE address = $1 LIMIT 1`,
        [address, accountId, now],
      );
      const holder = row?.account_id ?? (await reservationOf(address));
      if (holder === null) throw new Error(`reservation of ${address} neither made nor found`);
      return holder;
    },
    async addUsage(accountId, month, messages) {
      await pool.query(
        `INSERT INTO usage (account_id, month, messages) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, month) DO UPDATE SET messages = usage.messages + excluded.messages`,
        [accountId, month, messages],
      );
    },
    async usageOf(accountId, month) {
      const [row] = await all<{ messages: number }>('SELECT messages FROM usage WHERE account_id = $1 AND month = $2', [accountId, month]);
      return row?.messages ?? 0;
    },
  };
}
