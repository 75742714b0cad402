// GET /api/v1/domains (and the list_domains tool): the domains this caller may use. The public ones for
// everyone; with a live key of an active premium plan the premium pool; own domains closed to the key's
// account, or the one a domain key opens. Never another customer's own domain, open or closed.
import { hasActivePremium } from '../accounts/plans.js';
import { digestOf } from '../accounts/secret-keys.js';
import type { DomainKind } from '../domains/domain-registry.js';
import { admitCaller } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';

export interface DomainView {
  domain: string;
  kind: DomainKind;
}

export interface DomainsResponse {
  domains: DomainView[];
}

export function createListDomains(deps: InboxDeps) {
  return async function listDomains(caller: Caller): Promise<DomainsResponse> {
    const bearer = await admitCaller(deps, caller);
    const domains: DomainView[] = deps.domains.publicDomains().map((domain) => ({ domain, kind: 'public' }));
    if (bearer.state === 'live') {
      if (hasActivePremium(bearer.account, deps.clock.now())) {
        domains.push(...deps.domains.premiumDomains().map((domain): DomainView => ({ domain, kind: 'premium' })));
      }
      for (const record of await deps.directory.domainsClosedTo(bearer.account.id)) domains.push({ domain: record.domain, kind: 'closed' });
    } else if (bearer.state === 'unknown') {
      // A domain key is found by its digest; the digest is of 32 random bytes, so the lookup leaks nothing.
      for (const record of await deps.directory.domainsByKeyDigest(digestOf(bearer.presented))) domains.push({ domain: record.domain, kind: 'closed' });
    }
    return { domains };
  };
}
