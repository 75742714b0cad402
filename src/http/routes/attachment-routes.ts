// GET /api/v1/attachment/{id} (interface §4.4, D19): always a download, never inline, whatever the
// sender declared.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Inbox } from '../../inbox/inbox.js';
import { registerOperationRoute } from '../operation-route.js';
import { mailboxErrors } from '../schemas.js';
import { sendDownload } from '../send-download.js';

export function registerAttachmentRoutes(app: FastifyInstance, inbox: Inbox): void {
  registerOperationRoute(app, {
    method: 'GET',
    url: '/api/v1/attachment/:id',
    operation: inbox.operations.downloadAttachment,
    summary: 'Download one attachment',
    description:
      'Served as application/octet-stream with Content-Disposition: attachment, whatever the sender declared.',
    tags: ['attachment'],
    inPath: ['id'],
    queryNames: { address: 'mailbox' },
    errors: mailboxErrors,
    okSchema: z.any().meta({ description: 'The attachment bytes.', format: 'binary' }),
    send: (reply, attachment) => sendDownload(reply, attachment.filename, attachment.content),
  });
}
