// The request and response schemas of the v1 API (interface §2, §4). Fastify validates requests and
// serialises responses with them, and the OpenAPI document is generated from them (D20).
import { z } from 'zod';
import { parseAddress } from '../mail/address.js';
import { ID_FORM } from '../mail/ids.js';

export const addressSchema = z
  .string()
  .max(1024)
  .refine((v) => parseAddress(v) !== null, 'not a valid address')
  .meta({ format: 'email', description: 'An e-mail address on a hosted domain; case-insensitive (D7).', example: 'alice@inboxd.test' });

export const idSchema = z
  .string()
  .regex(ID_FORM, 'not an id')
  .meta({ description: 'An opaque message or attachment id.', example: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A' });

const dateTime = z.string().meta({ format: 'date-time', description: 'RFC 3339, UTC, with milliseconds (D22).' });

export const listQuery = z.object({
  address: addressSchema,
  limit: z.coerce.number().int().min(1).max(200).optional().meta({ description: 'Page size, 1 to 200, default 50.' }),
  before: idSchema.optional().meta({ description: 'Cursor: the `next` value of the previous page.' }),
});

export const mailboxQuery = z.object({
  mailbox: addressSchema.meta({ description: 'The address the message was delivered to; it scopes the id.' }),
});

export const idParams = z.object({ id: idSchema });

export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'Stable machine-readable slug (D16).' }),
    message: z.string().meta({ description: 'For humans; wording may change.' }),
  });

export const messageSummarySchema = z
  .object({
    id: z.string(),
    from: z.string().meta({ format: 'email', description: 'Envelope sender (D8).' }),
    from_name: z.string().nullable(),
    subject: z.string().nullable(),
    date: dateTime,
    seen: z.boolean(),
    attachments: z.number().int().meta({ description: 'Number of attachments.' }),
    expires_at: dateTime,
  });

export const listResponseSchema = z
  .object({
    address: z.string().meta({ format: 'email' }),
    count: z.number().int(),
    next: z.string().nullable(),
    messages: z.array(messageSummarySchema),
  });

export const attachmentSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    mime: z.string().meta({ description: 'The type the sender claimed; data only, not trusted.' }),
    size: z.number().int().meta({ description: 'Decoded size in bytes (D6).' }),
    url: z.string().meta({ format: 'uri', description: 'Download address; always served as a download.' }),
  });

export const messageSchema = messageSummarySchema
  .extend({
    to: z.string().meta({ format: 'email' }),
    text: z.string().nullable(),
    html: z.string().nullable().meta({ description: 'Must never be rendered unsandboxed.' }),
    headers: z.array(z.object({ name: z.string(), value: z.string() })).meta({ description: 'In the order received, decoded (D5).' }),
    attachments: z.array(attachmentSchema),
  });

export const deleteResponseSchema = z.object({ deleted: z.boolean(), id: z.string() });

/** The error responses an operation on a mailbox can give. */
export const mailboxErrors = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  429: errorSchema,
} as const;

export const domainsResponseSchema = z.object({
  domains: z.array(
    z.object({
      domain: z.string(),
      kind: z.enum(['public', 'own', 'closed', 'premium']).meta({
        description: 'public: anyone may read; closed: an own domain read with a key; premium: the premium pool.',
      }),
    }),
  ),
});
