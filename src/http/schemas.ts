// What the HTTP edge adds to the operations' schemas (inbox/shared/fields.ts, inbox/shared/view-schemas.ts): the error
// body every failure answers with (D16), and the error statuses of an operation on a mailbox.
import { z } from 'zod';

/** Named `Error` in the OpenAPI document's components, so each route refers to it instead of repeating it. */
export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'Stable machine-readable slug (D16).' }),
    message: z.string().meta({ description: 'For humans; wording may change.' }),
  })
  .meta({ id: 'Error' });

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
