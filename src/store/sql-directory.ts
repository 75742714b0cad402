// The DirectoryStore in SQL, written once for SQLite and PostgreSQL (issue 18) over a SqlRunner: the two
// schemas (migrations/*/002-directory.sql) have the same tables and columns. Every call reads the
// database, nothing is cached in the process, so a revoked key or a reopened domain holds at once on
// every node that shares the store.
//
// No statement needs a dialect of its own, and that is kept so on purpose: every write is one statement,
// atomic on both engines without a transaction or a row lock (SQLite's node:sqlite connection is shared
// with the message store, whose synchronous transactions an async one here could not interleave with).
// Both engines take ON CONFLICT … DO NOTHING / DO UPDATE with `excluded`, and RETURNING (SQLite ≥ 3.35;
// node:sqlite bundles a newer one). Integers come back as numbers from both: SQLite's INTEGER directly,
// PostgreSQL's bigint through the pool's type parser (pg-database.ts).
import type {
  AccountChanges,
  AccountRecord,
  ApiKeyRecord,
  DirectoryStore,
  DomainClosure,
  DomainRecord,
  Plan,
} from './directory-store.js';
import type { SqlRunner, SqlValue } from './sql-runner.js';

interface DomainRow {
  domain: string;
  connected_at: number;
  key_digest: string | null;
  account_id: string | null;
}

interface AccountRow {
  id: string;
  plan: Plan;
  monthly_quota: number;
  paid_through: string | null;
  created_at: number;
}

interface KeyRow {
  id: string;
  account_id: string;
  digest: string;
  created_at: number;
  revoked_at: number | null;
}

const DOMAIN_SELECT = 'SELECT domain, connected_at, key_digest, account_id FROM domains';
const ACCOUNT_SELECT = 'SELECT id, plan, monthly_quota, paid_through, created_at FROM accounts';
const KEY_SELECT = 'SELECT id, account_id, digest, created_at, revoked_at FROM api_keys';

/** The account columns updateAccount may change, by field. */
const ACCOUNT_COLUMNS = { plan: 'plan', monthlyQuota: 'monthly_quota', paidThrough: 'paid_through' } as const;

function toDomain(row: DomainRow): DomainRecord {
  let closure: DomainClosure | null = null;
  if (row.key_digest !== null) closure = { kind: 'key', digest: row.key_digest };
  else if (row.account_id !== null) closure = { kind: 'account', accountId: row.account_id };
  return { domain: row.domain, connectedAt: row.connected_at, closure };
}

function toAccount(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    plan: row.plan,
    monthlyQuota: row.monthly_quota,
    paidThrough: row.paid_through,
    createdAt: row.created_at,
  };
}

function toKey(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    digest: row.digest,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export function sqlDirectoryStore(sql: SqlRunner): DirectoryStore {
  async function first<R>(text: string, params: SqlValue[]): Promise<R | undefined> {
    return (await sql.query<R>(text, params))[0];
  }
  /** The record of the first row the statement reads, or null when it reads none. */
  async function one<R, T>(text: string, params: SqlValue[], toRecord: (row: R) => T): Promise<T | null> {
    const row = await first<R>(text, params);
    return row === undefined ? null : toRecord(row);
  }
  async function all<R, T>(text: string, params: SqlValue[], toRecord: (row: R) => T): Promise<T[]> {
    return (await sql.query<R>(text, params)).map(toRecord);
  }
  async function changed(text: string, params: SqlValue[]): Promise<boolean> {
    return (await sql.run(text, params)) > 0;
  }
  async function reservationOf(address: string): Promise<string | null> {
    const row = await first<{ account_id: string }>('SELECT account_id FROM reservations WHERE address = $1', [
      address,
    ]);
    return row?.account_id ?? null;
  }

  return {
    async connectDomain(domain, now) {
      await sql.run('INSERT INTO domains (domain, connected_at) VALUES ($1, $2) ON CONFLICT (domain) DO NOTHING', [
        domain,
        now,
      ]);
    },
    getDomain: (domain) => one(`${DOMAIN_SELECT} WHERE domain = $1`, [domain], toDomain),
    listDomains: () => all(`${DOMAIN_SELECT} ORDER BY domain`, [], toDomain),
    domainsByKeyDigest: (digest) => all(`${DOMAIN_SELECT} WHERE key_digest = $1 ORDER BY domain`, [digest], toDomain),
    domainsClosedTo: (accountId) =>
      all(`${DOMAIN_SELECT} WHERE account_id = $1 ORDER BY domain`, [accountId], toDomain),
    async setDomainClosure(domain, closure) {
      const digest = closure?.kind === 'key' ? closure.digest : null;
      const accountId = closure?.kind === 'account' ? closure.accountId : null;
      return changed('UPDATE domains SET key_digest = $1, account_id = $2 WHERE domain = $3', [
        digest,
        accountId,
        domain,
      ]);
    },

    async createAccount(account: AccountRecord) {
      await sql.run(
        'INSERT INTO accounts (id, plan, monthly_quota, paid_through, created_at) VALUES ($1, $2, $3, $4, $5)',
        [account.id, account.plan, account.monthlyQuota, account.paidThrough, account.createdAt],
      );
    },
    getAccount: (id) => one(`${ACCOUNT_SELECT} WHERE id = $1`, [id], toAccount),
    listAccounts: () => all(`${ACCOUNT_SELECT} ORDER BY id`, [], toAccount),
    async updateAccount(id, changes: AccountChanges) {
      // Only the named fields, in one UPDATE: atomic on both engines with no read before it, and a
      // concurrent change to another field is kept. The column names come from ACCOUNT_COLUMNS, never
      // from the caller.
      const given = (Object.keys(ACCOUNT_COLUMNS) as (keyof AccountChanges)[]).filter(
        (field) => changes[field] !== undefined,
      );
      if (given.length === 0) return (await first(`SELECT 1 AS found FROM accounts WHERE id = $1`, [id])) !== undefined;
      const assignments = given.map((field, i) => `${ACCOUNT_COLUMNS[field]} = $${i + 2}`).join(', ');
      return changed(`UPDATE accounts SET ${assignments} WHERE id = $1`, [
        id,
        ...given.map((field) => changes[field] ?? null),
      ]);
    },

    async createApiKey(key: ApiKeyRecord) {
      await sql.run(
        'INSERT INTO api_keys (id, account_id, digest, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5)',
        [key.id, key.accountId, key.digest, key.createdAt, key.revokedAt],
      );
    },
    getApiKey: (id) => one(`${KEY_SELECT} WHERE id = $1`, [id], toKey),
    listApiKeys: (accountId) =>
      accountId === undefined
        ? all(`${KEY_SELECT} ORDER BY id`, [], toKey)
        : all(`${KEY_SELECT} WHERE account_id = $1 ORDER BY id`, [accountId], toKey),
    async revokeApiKey(id, now) {
      return changed('UPDATE api_keys SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2', [now, id]);
    },

    reservationOf,
    async reserveAddress(address, accountId, now) {
      // Insert-or-keep (D14). RETURNING gives a row only when ours went in; otherwise another account
      // holds the address and a second read finds it. That read sees the holder on both engines: ON
      // CONFLICT waits for a concurrent insert of the same address to commit (PostgreSQL) or runs under
      // the database's write lock (SQLite), and reservations are never deleted.
      const mine = await first<{ account_id: string }>(
        'INSERT INTO reservations (address, account_id, reserved_at) VALUES ($1, $2, $3) ON CONFLICT (address) DO NOTHING RETURNING account_id',
        [address, accountId, now],
      );
      const holder = mine?.account_id ?? (await reservationOf(address));
      if (holder === null) throw new Error(`reservation of ${address} neither made nor found`);
      return holder;
    },

    async addUsage(accountId, month, messages) {
      // `usage.messages`, qualified: PostgreSQL finds a bare `messages` ambiguous beside `excluded`.
      await sql.run(
        `INSERT INTO usage (account_id, month, messages) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, month) DO UPDATE SET messages = usage.messages + excluded.messages`,
        [accountId, month, messages],
      );
    },
    async usageOf(accountId, month) {
      const row = await first<{ messages: number }>('SELECT messages FROM usage WHERE account_id = $1 AND month = $2', [
        accountId,
        month,
      ]);
      return row?.messages ?? 0;
    },
  };
}
