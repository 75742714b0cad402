// GET and DELETE /api/v1/message/{id} (interface §4.2, §4.3; D1, D3), GET /api/v1/message/{id}/raw, the
// source as received, served as a download like an attachment, and GET /api/v1/message/{id}/codes, the
// likely codes and the links of a message (the agent tools' extraction, D24).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Inbox } from '../../inbox/inbox.js';
import { registerOperationRoute } from '../operation-route.js';
import { mailboxErrors } from '../schemas.js';
import { sendDownload } from '../send-download.js';

/** Every route on one message names it by its id in the path and its mailbox in the query. */
const ON_A_MESSAGE = {
  inPath: ['id'],
  queryNames: { address: 'mailbox' },
  errors: mailboxErrors,
  tags: ['message'],
} as const;

export function registerMessageRoutes(app: FastifyInstance, inbox: Inbox): void {
  const { operations } = inbox;
  registerOperationRoute(app, {
    ...ON_A_MESSAGE,
    method: 'GET',
    url: '/api/v1/message/:id',
    operation: operations.readMessage,
    summary: 'Read one message in full',
    description: 'Marks the message seen. 404 when there is no such message in that mailbox, or it has expired.',
  });
  registerOperationRoute(app, {
    ...ON_A_MESSAGE,
    method: 'GET',
    url: '/api/v1/message/:id/codes',
    operation: operations.readCodes,
    summary: 'The likely one-time codes and the links of one message',
    description:
      'The same extraction as the agent tools: `codes` (likely one-time codes) and `links` (http(s), never visited), best first, ' +
      'taken from what the sender wrote. Does not set seen. 404 when there is no such message in that mailbox, or it has expired.',
  });
  registerOperationRoute(app, {
    ...ON_A_MESSAGE,
    method: 'DELETE',
    url: '/api/v1/message/:id',
    operation: operations.deleteMessage,
    summary: 'Delete one message',
    description: 'Idempotent: answers 200 whether the message existed, was already deleted or has expired (D1).',
  });
  registerOperationRoute(app, {
    ...ON_A_MESSAGE,
    method: 'GET',
    url: '/api/v1/message/:id/raw',
    operation: operations.downloadRaw,
    summary: 'Download the raw source of one message',
    description:
      'The message exactly as it was received over SMTP, byte for byte, as application/octet-stream with ' +
      'Content-Disposition: attachment; filename="<id>.eml". Does not mark the message seen.',
    okSchema: z.any().meta({ description: 'The RFC 5322 source.', format: 'binary' }),
    send: (reply, raw) => sendDownload(reply, raw.filename, raw.content),
  });
}
