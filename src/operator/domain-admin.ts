// `inboxd domains list|close|reopen` (D12, D28): own domains as they were connected by mail (D11), closed
// with a new domain key printed once (only its digest is kept) or to an account, and reopened.
import { digestOf, newDomainKey } from '../access/secret-keys.js';
import { normaliseDomain } from '../mail/address.js';
import type { DomainRecord } from '../store/directory-store.js';
import { isoTime, type OperatorDeps } from './operator-deps.js';
import { OperatorError } from './operator-error.js';

export interface DomainAdminView {
  domain: string;
  kind: 'own' | 'closed';
  closed_with: 'key' | 'account' | null;
  account: string | null;
  connected_at: string | null;
}

export interface ClosedDomain extends DomainAdminView {
  /** The new domain key, shown this once; null when closed to an account. */
  key: string | null;
}

function view(record: DomainRecord): DomainAdminView {
  const closure = record.closure;
  return {
    domain: record.domain,
    kind: closure === null ? 'own' : 'closed',
    closed_with: closure?.kind ?? null,
    account: closure?.kind === 'account' ? closure.accountId : null,
    connected_at: isoTime(record.connectedAt),
  };
}

export function createDomainAdmin(deps: OperatorDeps) {
  async function connected(input: string): Promise<DomainRecord> {
    const domain = normaliseDomain(input);
    if (domain === null) throw new OperatorError(`${input} is not a valid mail domain.`);
    if (deps.publicDomains.includes(domain) || deps.premiumDomains.includes(domain)) {
      throw new OperatorError(`${domain} is a configured public or premium domain, not an own domain.`);
    }
    const record = await deps.directory.getDomain(domain);
    if (record === null) {
      throw new OperatorError(
        `${domain} is not connected: it connects with its first message once its MX names this service.`,
      );
    }
    return record;
  }

  return {
    async list(): Promise<DomainAdminView[]> {
      return (await deps.directory.listDomains()).map(view);
    },
    /** Closes with a new domain key, or to an account. Closing again replaces the key (rotation). */
    async close(input: string, options: { account?: string | undefined } = {}): Promise<ClosedDomain> {
      const record = await connected(input);
      if (options.account !== undefined) {
        if ((await deps.directory.getAccount(options.account)) === null)
          throw new OperatorError(`No account ${options.account}.`);
        const closure = { kind: 'account' as const, accountId: options.account };
        await deps.directory.setDomainClosure(record.domain, closure);
        return { ...view({ ...record, closure }), key: null };
      }
      const key = newDomainKey();
      const closure = { kind: 'key' as const, digest: digestOf(key) };
      await deps.directory.setDomainClosure(record.domain, closure);
      return { ...view({ ...record, closure }), key };
    },
    async reopen(input: string): Promise<DomainAdminView> {
      const record = await connected(input);
      await deps.directory.setDomainClosure(record.domain, null);
      return view({ ...record, closure: null });
    },
  };
}
