// GET /api/v1/domains: the domains this caller may use (public, plus those its key opens).
import type { FastifyInstance } from 'fastify';
import type { Inbox } from '../../inbox/inbox.js';
import { registerOperationRoute } from '../operation-route.js';
import { errorSchema } from '../schemas.js';

export function registerDomainsRoutes(app: FastifyInstance, inbox: Inbox): void {
  registerOperationRoute(app, {
    method: 'GET',
    url: '/api/v1/domains',
    operation: inbox.operations.listDomains,
    summary: 'List the domains this caller may use',
    description:
      'The public domains for everyone; with an API key of an active premium plan also the premium pool; with a key ' +
      "that opens closed own domains, those too. Never another customer's own domain. A key that opens nothing is ignored.",
    tags: ['domains'],
    errors: { 429: errorSchema },
  });
}
