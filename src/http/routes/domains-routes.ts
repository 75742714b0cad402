// GET /api/v1/domains: the domains this caller may use (public, plus those its key opens).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Inbox } from '../../inbox/inbox.js';
import { callerOf } from '../caller.js';
import { domainsResponseSchema, errorSchema } from '../schemas.js';

export function registerDomainsRoutes(app: FastifyInstance, inbox: Inbox): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/domains', {
    schema: {
      summary: 'List the domains this caller may use',
      description:
        'The public domains for everyone; with an API key of an active premium plan also the premium pool; with a key ' +
        'that opens closed own domains, those too. Never another customer\'s own domain. A key that opens nothing is ignored.',
      tags: ['domains'],
      response: { 200: domainsResponseSchema, 429: errorSchema },
    },
    handler: (request, reply) => inbox.listDomains(callerOf(request, reply)),
  });
}
