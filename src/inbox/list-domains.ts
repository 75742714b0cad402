// The domains this caller may use (GET /api/v1/domains, the list_domains tool): which ones is the access
// rule visibleDomains (access/visible-domains.ts, D11–D14).
import { visibleDomains } from '../access/visible-domains.js';
import { z } from 'zod';
import type { InboxDeps } from './shared/deps.js';
import { gateRequest } from './shared/gate.js';
import { operation } from './shared/operation.js';
import { domainsResponseSchema } from './shared/view-schemas.js';

export const listDomains = (deps: InboxDeps) =>
  operation({
    name: 'listDomains',
    input: z.object({}),
    output: domainsResponseSchema,
    run: async (caller) => ({ domains: await visibleDomains(deps, await gateRequest(deps, caller)) }),
  });
