// The DirectoryStore interface: the records that decide who may read what (D11–D15): connected own
// domains and how they are closed, accounts and their plans, API keys (digests only), premium-pool
// reservations and monthly usage. Every adapter passes the contract suite in directory-store-contract.ts.
// Nothing here is cached by callers, so a change (a revoked key, a reopened domain) holds at once on
// every node that shares the store.

export type Plan = 'free' | 'premium';

/** How a connected own domain is closed (D12): by a domain key, or to an account's API keys. */
export type DomainClosure = { kind: 'key'; digest: string } | { kind: 'account'; accountId: string };

export interface DomainRecord {
  domain: string;
  connectedAt: number;
  closure: DomainClosure | null;
}

export interface AccountRecord {
  id: string;
  plan: Plan;
  /** Premium-pool messages allowed per calendar month, UTC (D15). */
  monthlyQuota: number;
  /** Last day (YYYY-MM-DD, UTC) the plan is paid for; null for no end date. */
  paidThrough: string | null;
  createdAt: number;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored (D13). */
  digest: string;
  createdAt: number;
  revokedAt: number | null;
}

export type AccountChanges = Partial<Pick<AccountRecord, 'plan' | 'monthlyQuota' | 'paidThrough'>>;

export interface DirectoryStore {
  /** Records a domain as connected (D11); does nothing when it already is. */
  connectDomain(domain: string, now: number): Promise<void>;
  getDomain(domain: string): Promise<DomainRecord | null>;
  listDomains(): Promise<DomainRecord[]>;
  /** Own domains closed with this key digest (at most one in practice). */
  domainsByKeyDigest(digest: string): Promise<DomainRecord[]>;
  domainsClosedTo(accountId: string): Promise<DomainRecord[]>;
  /** Closes (or with null reopens) a connected domain; false when the domain is not connected. */
  setDomainClosure(domain: string, closure: DomainClosure | null): Promise<boolean>;

  createAccount(account: AccountRecord): Promise<void>;
  getAccount(id: string): Promise<AccountRecord | null>;
  listAccounts(): Promise<AccountRecord[]>;
  /** False when there is no such account. */
  updateAccount(id: string, changes: AccountChanges): Promise<boolean>;

  createApiKey(key: ApiKeyRecord): Promise<void>;
  getApiKey(id: string): Promise<ApiKeyRecord | null>;
  listApiKeys(accountId?: string): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked (keeping the first revocation time); false when there is no such key. */
  revokeApiKey(id: string, now: number): Promise<boolean>;

  /** The account holding a premium-pool address, if any (D14). */
  reservationOf(address: string): Promise<string | null>;
  /** Reserves the address to the account unless another holds it; returns the holder either way. */
  reserveAddress(address: string, accountId: string, now: number): Promise<string>;

  /** Adds premium arrivals to an account's count for one month ("YYYY-MM", D15). */
  addUsage(accountId: string, month: string, messages: number): Promise<void>;
  usageOf(accountId: string, month: string): Promise<number>;
}
