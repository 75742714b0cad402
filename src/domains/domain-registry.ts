// Which domains are hosted here, and of what kind (interface §1). Public domains come from
// configuration; own, closed and premium domains join this registry with their issue.

export type DomainKind = 'public';

export interface DomainRegistry {
  kindOf(domain: string): Promise<DomainKind | null>;
  publicDomains(): string[];
}

export function createDomainRegistry(config: { publicDomains: string[] }): DomainRegistry {
  const publicSet = new Set(config.publicDomains);
  return {
    async kindOf(domain) {
      return publicSet.has(domain) ? 'public' : null;
    },
    publicDomains: () => [...publicSet],
  };
}
