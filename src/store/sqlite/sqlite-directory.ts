// The embedded DirectoryStore: domains, accounts, API keys, reservations and usage in the same SQLite
// database as the messages. Every call reads the database, so revocations and closures hold at once.
import type { DatabaseSync } from 'node:sqlite';
import { ACCOUNT_SELECT, DOMAIN_SELECT, KEY_SELECT, toAccount, toDomain, toKey, type AccountRow, type DomainRow, type KeyRow } from '../directory-rows.js';
import { inTransaction, statement } from './sqlite-sql.js';
import type { AccountChanges, AccountRecord, ApiKeyRecord, DirectoryStore } from '../directory-store.js';

export function sqliteDirectoryStore(db: DatabaseSync): DirectoryStore {
  const stmt = {
    connect: db.prepare('INSERT INTO domains (domain, connected_at) VALUES (?, ?) ON CONFLICT (domain) DO NOTHING'),
    domain: statement<[string], DomainRow>(db, `${DOMAIN_SELECT} WHERE domain = ?`),
    domains: statement<[], DomainRow>(db, `${DOMAIN_SELECT} ORDER BY domain`),
    domainsByDigest: statement<[string], DomainRow>(db, `${DOMAIN_SELECT} WHERE key_digest = ? ORDER BY domain`),
    domainsOfAccount: statement<[string], DomainRow>(db, `${DOMAIN_SELECT} WHERE account_id = ? ORDER BY domain`),
    close: db.prepare('UPDATE domains SET key_digest = ?, account_id = ? WHERE domain = ?'),
    insertAccount: db.prepare(`INSERT INTO accounts (id, plan, monthly_quota, paid_through, created_at)
      VALUES (@id, @plan, @monthlyQuota, @paidThrough, @createdAt)`),
    account: statement<[string], AccountRow>(db, `${ACCOUNT_SELECT} WHERE id = ?`),
    accounts: statement<[], AccountRow>(db, `${ACCOUNT_SELECT} ORDER BY id`),
    updateAccount: db.prepare(`UPDATE accounts SET plan = @plan, monthly_quota = @monthlyQuota, paid_through = @paidThrough
      WHERE id = @id`),
    insertKey: db.prepare(`INSERT INTO api_keys (id, account_id, digest, created_at, revoked_at)
      VALUES (@id, @accountId, @digest, @createdAt, @revokedAt)`),
    key: statement<[string], KeyRow>(db, `${KEY_SELECT} WHERE id = ?`),
    keys: statement<[], KeyRow>(db, `${KEY_SELECT} ORDER BY id`),
    keysOfAccount: statement<[string], KeyRow>(db, `${KEY_SELECT} WHERE account_id = ? ORDER BY id`),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?'),
    reservation: statement<[string], { account_id: string }>(db, 'SELECT account_id FROM reservations WHERE address = ?'),
    reserve: db.prepare(`INSERT INTO reservations (address, account_id, reserved_at) VALUES (?, ?, ?)
      ON CONFLICT (address) DO NOTHING`),
    addUsage: db.prepare(`INSERT INTO usage (account_id, month, messages) VALUES (?, ?, ?)
      ON CONFLICT (account_id, month) DO UPDATE SET messages = messages + excluded.messages`),
    usage: statement<[string, string], { messages: number }>(db, 'SELECT messages FROM usage WHERE account_id = ? AND month = ?'),
  };
  const reserve = (address: string, accountId: string, now: number): string =>
    inTransaction(db, () => {
      stmt.reserve.run(address, accountId, now);
      return (stmt.reservation.get(address) as { account_id: string }).account_id;
    });
  const update = (id: string, changes: AccountChanges): boolean =>
    inTransaction(db, () => {
      const row = stmt.account.get(id);
      if (row === undefined) return false;
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const { plan, monthlyQuota, paidThrough } = { ...toAccount(row), ...given };
      stmt.updateAccount.run({ id, plan, monthlyQuota, paidThrough });
      return true;
    });

  return {
    async connectDomain(domain, now) {
      stmt.connect.run(domain, now);
    },
    async getDomain(domain) {
      const row = stmt.domain.get(domain);
      return row === undefined ? null : toDomain(row);
    },
    async listDomains() {
      return stmt.domains.all().map(toDomain);
    },
    async domainsByKeyDigest(digest) {
      return stmt.domainsByDigest.all(digest).map(toDomain);
    },
    async domainsClosedTo(accountId) {
      return stmt.domainsOfAccount.all(accountId).map(toDomain);
    },
    async setDomainClosure(domain, closure) {
      const digest = closure?.kind === 'key' ? closure.digest : null;
      const accountId = closure?.kind === 'account' ? closure.accountId : null;
      return Number(stmt.close.run(digest, accountId, domain).changes) > 0;
    },
    async createAccount(account: AccountRecord) {
      stmt.insertAccount.run({ ...account });
    },
    async getAccount(id) {
      const row = stmt.account.get(id);
      return row === undefined ? null : toAccount(row);
    },
    async listAccounts() {
      return stmt.accounts.all().map(toAccount);
    },
    async updateAccount(id, changes) {
      return update(id, changes);
    },
    async createApiKey(key: ApiKeyRecord) {
      stmt.insertKey.run({ ...key });
    },
    async getApiKey(id) {
      const row = stmt.key.get(id);
      return row === undefined ? null : toKey(row);
    },
    async listApiKeys(accountId) {
      return (accountId === undefined ? stmt.keys.all() : stmt.keysOfAccount.all(accountId)).map(toKey);
    },
    async revokeApiKey(id, now) {
      return Number(stmt.revoke.run(now, id).changes) > 0;
    },
    async reservationOf(address) {
      return stmt.reservation.get(address)?.account_id ?? null;
    },
    async reserveAddress(address, accountId, now) {
      return reserve(address, accountId, now);
    },
    async addUsage(accountId, month, messages) {
      stmt.addUsage.run(accountId, month, messages);
    },
    async usageOf(accountId, month) {
      return stmt.usage.get(accountId, month)?.messages ?? 0;
    },
  };
}
