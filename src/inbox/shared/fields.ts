// The input fields of the operations (interface §4, D24), each written once: the HTTP routes, the agent
// tools and the OpenAPI document take them from the operations table (operations.ts), and a request that
// breaks one is refused at the edge, before any limit or access rule (400; an MCP tool error), so no use
// case looks at an unchecked value.
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { normaliseDomain, parseAddress, type Address } from '../../mail/address.js';
import { ID_FORM } from '../../mail/ids.js';
import { MAX_PATTERN_LENGTH, regexProblem } from './regex-safety.js';

export const address = z
  .string()
  .max(1024)
  .refine((v) => parseAddress(v) !== null, 'not a valid address')
  .meta({
    format: 'email',
    description: 'An e-mail address on a hosted domain; case-insensitive (D7).',
    example: 'alice@inboxd.test',
  });

export const id = z
  .string()
  .regex(ID_FORM, 'not an id')
  .meta({ description: 'An opaque message or attachment id.', example: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A' });

/** The largest page of a list (interface §8). */
export const MAX_PAGE = 200;
/** The default page over HTTP (interface §4.1); the list_messages tool's is 20 (D24). */
export const DEFAULT_PAGE = 50;

/** A page size. Coerced, since over HTTP it arrives as query text. */
export const pageLimit = z.coerce.number().int().min(1).max(MAX_PAGE);

export const cursor = id.meta({ description: 'Cursor: the `next` value of the previous page.' });

export const domain = z
  .string()
  .max(255)
  .refine((v) => normaliseDomain(v) !== null, 'domain is not a valid mail domain.')
  .meta({ description: 'A domain from list_domains; default: the first public domain.' });

const PREFIX = /^[a-z0-9](?:[a-z0-9._-]{0,30}[a-z0-9])?$/;

export const prefix = z
  .string()
  .max(32)
  .refine(
    (v) => PREFIX.test(v.toLowerCase()) && !v.includes('..'),
    'prefix must be 1 to 32 letters, digits, dots, dashes or underscores, starting and ending with a letter or digit.',
  )
  .meta({ description: 'Up to 32 letters, digits, dots, dashes or underscores put before the random part.' });

/** RFC 3339 as the wait's `since` has always read it: a date, `T`, then whatever Date.parse takes. */
export const dateTime = z
  .string()
  .max(64)
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'since must be an RFC 3339 date-time.')
  .meta({ format: 'date-time' });

/** A case-insensitive substring to match (wait filters). */
export const matchText = z.string().max(200);

/** The parsed form of an address the edge has checked against `address`. */
export function addressOf(checked: string): Address {
  const parsed = parseAddress(checked);
  // Unreachable for a checked value; a use case called around its edge still gets the API's answer.
  if (parsed === null) throw new AppError('invalid_address');
  return parsed;
}

/** A message of one mailbox, as every operation on one message names it. */
export const messageRef = z.object({
  address: address.meta({ description: 'The address the message was delivered to; it scopes the id.' }),
  id,
});
export type MessageRef = z.output<typeof messageRef>;

/** A JavaScript regular expression for the HTTP wait (issue 19): refused here unless regex-safety.ts
 * passes it (it compiles, is short, has no backreference or lookaround, cannot backtrack without limit). */
export const matchPattern = z
  .string()
  .max(MAX_PATTERN_LENGTH)
  .superRefine((v, ctx) => {
    const problem = regexProblem(v);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: `The pattern ${problem}.` });
  });

/** `Name: value`: a header the message must have, its value equal after trimming. */
export const headerCriterion = z
  .string()
  .max(1000)
  .regex(/^[!-9;-~]+:/, 'header must be "Name: value".')
  .meta({ example: 'X-Test-Run: 42' });

/** The parsed form of a checked `headerCriterion`. */
export function headerOf(checked: string): { name: string; value: string } {
  const colon = checked.indexOf(':');
  return { name: checked.slice(0, colon), value: checked.slice(colon + 1).trim() };
}

/** An RFC 3339 time or a message id: what `since` of the HTTP wait takes. */
export const timeOrId = z
  .string()
  .max(64)
  .refine(
    (v) => ID_FORM.test(v) || dateTime.safeParse(v).success,
    'since must be an RFC 3339 date-time or a message id.',
  );
