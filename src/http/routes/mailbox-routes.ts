// GET /api/v1/mailbox (interface §4.1).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Inbox } from '../../inbox/inbox.js';
import { callerOf } from '../caller.js';
import { listQuery, listResponseSchema, mailboxErrors } from '../schemas.js';

export function registerMailboxRoutes(app: FastifyInstance, inbox: Inbox): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/mailbox', {
    schema: {
      summary: 'List the messages at an address, newest first',
      description: 'An empty mailbox answers 200 with count 0. When `next` is not null, pass it as `before` for the next (older) page.',
      tags: ['mailbox'],
      querystring: listQuery,
      response: { 200: listResponseSchema, ...mailboxErrors },
    },
    handler: (request, reply) => inbox.listMessages(callerOf(request, reply), request.query),
  });
}
