// GET and DELETE /api/v1/message/{id} (interface §4.2, §4.3; D1, D3), GET /api/v1/message/{id}/raw,
// the source as received, served as a download like an attachment, and GET /api/v1/message/{id}/codes,
// the likely codes and the links of a message (the agent tools' extraction, D24).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Inbox } from '../../inbox/inbox.js';
import { callerOf } from '../caller.js';
import { deleteResponseSchema, idParams, mailboxErrors, mailboxQuery, messageCodesSchema, messageSchema } from '../schemas.js';
import { sendDownload } from '../send-download.js';

export function registerMessageRoutes(app: FastifyInstance, inbox: Inbox): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/v1/message/:id', {
    schema: {
      summary: 'Read one message in full',
      description: 'Marks the message seen. 404 when there is no such message in that mailbox, or it has expired.',
      tags: ['message'],
      params: idParams,
      querystring: mailboxQuery,
      response: { 200: messageSchema, ...mailboxErrors },
    },
    handler: (request, reply) => inbox.readMessage(callerOf(request, reply), { mailbox: request.query.mailbox, id: request.params.id }),
  });
  typed.get('/api/v1/message/:id/codes', {
    schema: {
      summary: 'The likely one-time codes and the links of one message',
      description:
        'The same extraction as the agent tools: `codes` (likely one-time codes) and `links` (http(s), never visited), best first, ' +
        'taken from what the sender wrote. Does not set seen. 404 when there is no such message in that mailbox, or it has expired.',
      tags: ['message'],
      params: idParams,
      querystring: mailboxQuery,
      response: { 200: messageCodesSchema, ...mailboxErrors },
    },
    handler: (request, reply) => inbox.readCodes(callerOf(request, reply), { mailbox: request.query.mailbox, id: request.params.id }),
  });
  typed.delete('/api/v1/message/:id', {
    schema: {
      summary: 'Delete one message',
      description: 'Idempotent: answers 200 whether the message existed, was already deleted or has expired (D1).',
      tags: ['message'],
      params: idParams,
      querystring: mailboxQuery,
      response: { 200: deleteResponseSchema, ...mailboxErrors },
    },
    handler: (request, reply) => inbox.removeMessage(callerOf(request, reply), { mailbox: request.query.mailbox, id: request.params.id }),
  });
  typed.get('/api/v1/message/:id/raw', {
    schema: {
      summary: 'Download the raw source of one message',
      description:
        'The message exactly as it was received over SMTP, byte for byte, as application/octet-stream with ' +
        'Content-Disposition: attachment; filename="<id>.eml". Does not mark the message seen.',
      tags: ['message'],
      params: idParams,
      querystring: mailboxQuery,
      response: {
        200: z.any().meta({ description: 'The RFC 5322 source.', format: 'binary' }),
        ...mailboxErrors,
      },
    },
    handler: async (request, reply) => {
      const raw = await inbox.downloadRaw(callerOf(request, reply), { mailbox: request.query.mailbox, id: request.params.id });
      return sendDownload(reply, `${raw.id}.eml`, raw.content);
    },
  });
}
