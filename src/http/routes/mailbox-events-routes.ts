// GET /api/v1/mailbox/events: the mailbox as a live text/event-stream (D26), for the page and any other
// client. Admission failures (400, 401–404, 429, 503) answer JSON like every endpoint, before the stream
// starts. Then: `ready`, one `message` event (a MessageSummary) per delivery, `: keep-alive` comments,
// and `end` (lifetime reached) or `error` (access lost) before the server closes it. When the client goes
// away, or the server stops, the watch ends at once.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Inbox } from '../../inbox/inbox.js';
import { callerOf } from '../caller.js';
import { address } from '../../inbox/shared/fields.js';
import { mailboxErrors } from '../schemas.js';
import { SECURITY_HEADERS } from '../security-headers.js';

const STREAM_DESCRIPTION =
  'Server-sent events. `ready` once admitted ({address, keepalive_seconds, lifetime_seconds}); `message` for each ' +
  'new message, its data a MessageSummary and its id the message id; a `: keep-alive` comment every keepalive_seconds; ' +
  '`end` ({reason: "lifetime"}) when the stream has lasted lifetime_seconds, or `error` ({error, message}) when the ' +
  'caller may no longer read the mailbox, just before the server closes it. Reconnect after `end`, listing the mailbox again.';

function event(name: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function registerMailboxEventsRoutes(app: FastifyInstance, inbox: Inbox): void {
  const open = new Map<AbortController, Promise<unknown>>();
  // Streams never end by themselves soon enough for a shutdown: end them, and wait until each has
  // written its last byte, so the server can then close their connections as idle ones.
  app.addHook('preClose', async () => {
    for (const controller of open.keys()) controller.abort();
    await Promise.allSettled(open.values());
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/mailbox/events', {
    schema: {
      summary: 'Follow a mailbox live (server-sent events)',
      description: `Counted as one request against the limits, with the access rules of the list. ${STREAM_DESCRIPTION}`,
      tags: ['mailbox'],
      produces: ['text/event-stream'],
      querystring: z.object({ address }),
      response: {
        200: z.string().meta({ description: STREAM_DESCRIPTION }),
        ...mailboxErrors,
        503: mailboxErrors[429],
      },
    },
    handler: async (request, reply) => {
      const controller = new AbortController();
      let finished = () => undefined as void;
      open.set(controller, new Promise<void>((resolve) => (finished = resolve)));
      reply.raw.on('close', () => controller.abort());
      let streaming = false;
      try {
        const end = await inbox.watchMailbox(
          callerOf(request, reply),
          { address: request.query.address },
          {
            signal: controller.signal,
            onReady(info) {
              reply.hijack();
              reply.raw.writeHead(200, {
                ...(reply.getHeaders() as Record<string, string>),
                ...SECURITY_HEADERS,
                'Content-Type': 'text/event-stream; charset=utf-8',
                'Cache-Control': 'no-store',
                'X-Accel-Buffering': 'no',
              });
              streaming = true;
              reply.raw.write(
                event('ready', {
                  address: info.address,
                  keepalive_seconds: info.keepaliveSeconds,
                  lifetime_seconds: info.lifetimeSeconds,
                }),
              );
            },
            onMessage: (message) => void reply.raw.write(event('message', message, message.id)),
            onKeepAlive: () => void reply.raw.write(': keep-alive\n\n'),
          },
        );
        if (end.reason === 'access')
          reply.raw.write(event('error', { error: end.error.slug, message: end.error.message }));
        if (end.reason === 'lifetime') reply.raw.write(event('end', { reason: 'lifetime' }));
        reply.raw.end();
      } catch (error) {
        if (!streaming) throw error;
        request.log.error({ err: error }, 'mailbox stream failed');
        reply.raw.end(
          event('error', { error: 'internal_error', message: 'Something went wrong on our side; reconnect.' }),
        );
      } finally {
        open.delete(controller);
        finished();
      }
    },
  });
}
