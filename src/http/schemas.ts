// The request and response schemas of the v1 API (interface §2, §4). Fastify validates requests and
// serialises responses with them, and the OpenAPI document is generated from them (D20).
import { z } from 'zod';
import { parseAddress } from '../mail/address.js';
import { ID_FORM } from '../mail/ids.js';

export {
  messageCodesSchema,
  attachmentSchema,
  deleteResponseSchema,
  domainsResponseSchema,
  listResponseSchema,
  messageSchema,
  messageSummarySchema,
} from '../inbox/view-schemas.js';

export const addressSchema = z
  .string()
  .max(1024)
  .refine((v) => parseAddress(v) !== null, 'not a valid address')
  .meta({ format: 'email', description: 'An e-mail address on a hosted domain; case-insensitive (D7).', example: 'alice@inboxd.test' });

export const idSchema = z
  .string()
  .regex(ID_FORM, 'not an id')
  .meta({ description: 'An opaque message or attachment id.', example: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A' });

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

/** The error responses an operation on a mailbox can give. */
export const mailboxErrors = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  429: errorSchema,
  503: errorSchema,
} as const;
