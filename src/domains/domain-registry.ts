// Which domains are hosted here, and of what kind (interface §1): public and premium domains come from
// configuration; own domains are connected by their first message (D11) and may be closed (D12).
// Configuration wins: a configured domain is never read as an own domain.
import type { DirectoryStore, DomainRecord } from '../store/directory-store.js';

/** The kinds as the API names them: an own domain is "own" while open and "closed" once closed. */
export type DomainKind = 'public' | 'own' | 'closed' | 'premium';

export type HostedDomain = { kind: 'public' } | { kind: 'premium' } | { kind: 'own'; record: DomainRecord };

export interface DomainRegistry {
  lookup(domain: string): Promise<HostedDomain | null>;
  publicDomains(): string[];
  premiumDomains(): string[];
}

export function kindName(hosted: HostedDomain): DomainKind {
  if (hosted.kind !== 'own') return hosted.kind;
  return hosted.record.closure === null ? 'own' : 'closed';
}

export function createDomainRegistry(
  config: { publicDomains: string[]; premiumDomains: string[] },
  directory: DirectoryStore,
): DomainRegistry {
  const publicSet = new Set(config.publicDomains);
  const premiumSet = new Set(config.premiumDomains.filter((d) => !publicSet.has(d)));
  return {
    async lookup(domain) {
      if (publicSet.has(domain)) return { kind: 'public' };
      if (premiumSet.has(domain)) return { kind: 'premium' };
      const record = await directory.getDomain(domain);
      return record === null ? null : { kind: 'own', record };
    },
    publicDomains: () => [...publicSet],
    premiumDomains: () => [...premiumSet],
  };
}
