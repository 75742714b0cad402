// POST /api/v1/inbox (issue 19): the create_inbox operation over HTTP, for test suites that want a fresh
// address from the same API they read it with. 200 like the tool's result: nothing is stored (any address
// on a hosted domain receives mail), except an address reserved on the premium pool (D14).
import type { FastifyInstance } from 'fastify';
import type { Inbox } from '../../inbox/inbox.js';
import { registerOperationRoute } from '../operation-route.js';
import { mailboxErrors } from '../schemas.js';

export function registerInboxRoutes(app: FastifyInstance, inbox: Inbox): void {
  registerOperationRoute(app, {
    method: 'POST',
    url: '/api/v1/inbox',
    operation: inbox.operations.createInbox,
    summary: 'Create an inbox: a fresh random address',
    description:
      'The JSON body is optional (it may be left out or be `{}`): `domain`, a domain from GET /api/v1/domains (default: the first public one), ' +
      'and `prefix`, put before the random part (60 random bits). No mail is needed first: any address on a hosted domain receives mail. ' +
      "On a premium domain it reserves the address to the caller's account (needs a premium key). Passes the same limits and access rules as a read of the new address.",
    tags: ['mailbox'],
    errors: mailboxErrors,
  });
}
