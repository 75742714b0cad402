// GET /api/v1/attachment/{id} (interface §4.4, D19): always a download, never inline, whatever the
// sender declared.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Inbox } from '../../inbox/inbox.js';
import { callerOf } from '../caller.js';
import { idParams, mailboxErrors, mailboxQuery } from '../schemas.js';
import { sendDownload } from '../send-download.js';

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
      return sendDownload(reply, attachment.filename, attachment.content);
    },
  });
}
