// GET /api/v1/mailbox/wait (issue 19): held until a message matching the criteria is there, or the
// timeout; the operation is inbox/wait-for-match.ts. A timeout is a 200 with status "timeout".
import type { FastifyInstance } from 'fastify';
import type { Inbox } from '../../inbox/inbox.js';
import { MAX_OPEN_PER_NETWORK } from '../../inbox/shared/open-streams.js';
import { registerOperationRoute } from '../operation-route.js';
import { mailboxErrors } from '../schemas.js';

export function registerMailboxWaitRoutes(app: FastifyInstance, inbox: Inbox): void {
  registerOperationRoute(app, {
    method: 'GET',
    url: '/api/v1/mailbox/wait',
    operation: inbox.operations.waitForMatch,
    summary: 'Wait for a message that matches',
    description:
      'Answers with the `nth` message of the mailbox, oldest first, that matches every criterion given, at once if it is there, ' +
      'else as soon as it arrives (woken by the delivery itself), for up to `timeout` seconds. Every stored message counts, seen or not; ' +
      'returning one marks it seen, as reading does. The answer is `{"status": "received", "message": ...}` (the message with its likely ' +
      'one-time `codes` and its `links`, never visited) or, when the time is up, `{"status": "timeout", "message": null}`: a timeout is a 200, ' +
      'not an error. Counted as one request against the limits, with the access rules of the list; while it is held it counts against the ' +
      `${MAX_OPEN_PER_NETWORK} waits and live streams one client network may hold open at once (429 beyond).`,
    tags: ['mailbox'],
    errors: mailboxErrors,
    long: true,
  });
}
