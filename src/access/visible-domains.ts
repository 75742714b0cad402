// Which domains a caller may see and use (D11–D14), for list_domains, GET /api/v1/domains and so the
// page: the public ones for everyone; with a live key of an active premium plan the premium pool; own
// domains closed to the key's account, or the one a domain key opens. Never another customer's own
// domain, open or closed.
import type { DomainKind } from '../domains/domain-registry.js';
import type { AccessDeps } from './authorize-mailbox.js';
import type { ResolvedBearer } from './identify-caller.js';
import { hasActivePremium } from './plans.js';
import { digestOf } from './secret-keys.js';

export interface VisibleDomain {
  domain: string;
  kind: DomainKind;
}

export async function visibleDomains(deps: AccessDeps, bearer: ResolvedBearer): Promise<VisibleDomain[]> {
  const domains: VisibleDomain[] = deps.domains.publicDomains().map((domain) => ({ domain, kind: 'public' }));
  if (bearer.state === 'live') {
    if (hasActivePremium(bearer.account, deps.clock.now())) {
      domains.push(...deps.domains.premiumDomains().map((domain): VisibleDomain => ({ domain, kind: 'premium' })));
    }
    for (const record of await deps.directory.domainsClosedTo(bearer.account.id))
      domains.push({ domain: record.domain, kind: 'closed' });
  } else if (bearer.state === 'unknown') {
    // A domain key is found by its digest; the digest is of 32 random bytes, so the lookup leaks nothing.
    for (const record of await deps.directory.domainsByKeyDigest(digestOf(bearer.presented)))
      domains.push({ domain: record.domain, kind: 'closed' });
  }
  return domains;
}
