// GET /api/v1/mailbox (interface §4.1), with ETag and 304 for pollers (P37).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Inbox } from '../../inbox/inbox.js';
import { callerOf } from '../caller.js';
import { compileSerializer } from '../fast-serializer.js';
import { listResponseSchema } from '../../inbox/shared/view-schemas.js';
import { mailboxErrors } from '../schemas.js';
import { createPollPath, type PollPath, type PollPathOptions } from './mailbox-poll-path.js';

/** Every client and cache revalidates before it reuses a list (P37); `private`: the list of a closed or
 * premium mailbox is for its key holder only, so no shared cache keeps it. */
export const LIST_CACHE_CONTROL = 'private, no-cache';

/** What the pollers' path in front of fastify needs besides the use case (mailbox-poll-path.ts). */
export interface MailboxRouteEdge extends Pick<PollPathOptions, 'clientAddress' | 'metrics' | 'fixedHeaders'> {
  /** Whether the pollers' path answers in front of fastify (not when every request is logged). */
  inFront: boolean;
}

export function registerMailboxRoutes(app: FastifyInstance, inbox: Inbox, edge: MailboxRouteEdge): void {
  const serialize = compileSerializer(listResponseSchema);
  const pollPath = edge.inFront
    ? installPollPath(app, { ...edge, inbox, serialize, cacheControl: LIST_CACHE_CONTROL })
    : null;
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/mailbox', {
    schema: {
      summary: 'List the messages at an address, newest first',
      description:
        'An empty mailbox answers 200 with count 0. When `next` is not null, pass it as `before` for the next (older) page.\n\n' +
        'Polling: every 200 carries an `ETag` (and `Cache-Control: private, no-cache`). Send it back as `If-None-Match` ' +
        'with the next poll of the same URL: while the page is unchanged (no new, deleted or expired message, no seen flag ' +
        'changed) the answer is `304 Not Modified` with no body. A 304 passes the same rate limits and access checks as a 200.',
      tags: ['mailbox'],
      querystring: inbox.operations.listMessages.input,
      response: {
        200: listResponseSchema,
        304: z.null().meta({ description: 'Not Modified: the page named by If-None-Match is current. No body.' }),
        ...mailboxErrors,
      },
    },
    handler: async (request, reply) => {
      // Refused by the gate on the pollers' path, and passed on here to be answered like any error.
      const failure = pollPath?.takeFailure(request.raw);
      if (failure !== undefined) {
        void reply.headers(failure.headers);
        throw failure.error;
      }
      const answer = await inbox.pollMessages(
        callerOf(request, reply),
        { ...request.query, ifNoneMatch: request.headers['if-none-match'] },
        serialize,
      );
      void reply.header('etag', answer.etag).header('cache-control', LIST_CACHE_CONTROL);
      const raw = reply as FastifyReply;
      // No payload at all: a serialised `null` would leave a Content-Length of 4 on a 304 with no body.
      if (answer.notModified) return raw.code(304).send();
      // Already JSON bytes, written by the route's own serialiser (fastify sends a Buffer as it is).
      return raw.type('application/json; charset=utf-8').send(answer.body as Buffer);
    },
  });
}

/** Puts the pollers' path in front of fastify's request listener, which gets every request it leaves. */
function installPollPath(app: FastifyInstance, options: Omit<PollPathOptions, 'passOn'>): PollPath {
  const listeners = app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const [route] = listeners;
  if (listeners.length !== 1 || route === undefined) throw new Error('expected fastify as the one request listener');
  const path = createPollPath({ ...options, passOn: route });
  app.server.removeListener('request', route);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!path.tryAnswer(request, response)) route(request, response);
  });
  // Fastify marks itself closing and then runs preClose: from then on it answers every request (503).
  app.addHook('preClose', (done) => {
    path.close();
    done();
  });
  return path;
}
