// GET /api/v1/attachment/{id} (interface §4.4, D19): always a download, never inline, whatever the
// sender declared.
import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Inbox } from '../../inbox/inbox.js';
import { callerOf } from '../caller.js';
import { idParams, mailboxErrors, mailboxQuery } from '../schemas.js';

/** The sender's filename made safe to offer: no path, no control or bidi characters, never empty. */
export function safeFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/"/g, "'")
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? 'attachment' : cleaned;
}

export function registerAttachmentRoutes(app: FastifyInstance, inbox: Inbox): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/attachment/:id', {
    schema: {
      summary: 'Download one attachment',
      description: 'Served as application/octet-stream with Content-Disposition: attachment, whatever the sender declared.',
      tags: ['attachment'],
      params: idParams,
      querystring: mailboxQuery,
      response: {
        200: z.any().meta({ description: 'The attachment bytes.', format: 'binary' }),
        ...mailboxErrors,
      },
    },
    handler: async (request, reply) => {
      const attachment = await inbox.downloadAttachment(callerOf(request, reply), { mailbox: request.query.mailbox, id: request.params.id });
      reply.headers({
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': contentDisposition(safeFilename(attachment.filename), { type: 'attachment' }),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': 'sandbox',
      });
      return reply.send(Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength));
    },
  });
}
