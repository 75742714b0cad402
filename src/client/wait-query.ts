// The criteria of waitForMessage as the query of GET /api/v1/mailbox/wait (issue 19's contract): substrings
// and regular expressions on the sender, the subject and the body, headers equal to a value, a start (a time
// or a message id) and the Nth match. The service checks them (a regex that could backtrack without limit is
// a 400 invalid_parameter); the client only spells them.

export interface WaitCriteria {
  /** The mailbox to wait on. */
  to: string;
  /** The sender's address or display name contains this (case-insensitive). */
  from?: string;
  /** The subject contains this (case-insensitive). */
  subject?: string;
  /** The text (or the text of the HTML, when there is no text part) contains this (case-insensitive). */
  body?: string;
  /** A JavaScript regular expression on the sender; only its source is sent, matched case-insensitively. */
  fromRegex?: string | RegExp;
  subjectRegex?: string | RegExp;
  bodyRegex?: string | RegExp;
  /** Headers the message must carry with exactly these values, e.g. `{ 'X-Test-Run': '42' }`. */
  header?: Record<string, string>;
  /** Only messages that arrived at or after this time, or (a message id) after that message. */
  since?: string | Date;
  /** The Nth matching message, oldest first (1–100, default 1). */
  nth?: number;
}

/** The service holds one wait at most this long (seconds); longer waits are asked for again. */
export const MAX_HELD_SECONDS = 50;

function source(pattern: string | RegExp): string {
  return typeof pattern === 'string' ? pattern : pattern.source;
}

/** The query of one wait held for `timeoutSeconds` (0–50). */
export function waitQuery(criteria: WaitCriteria, timeoutSeconds: number): URLSearchParams {
  const query = new URLSearchParams({ address: criteria.to });
  const text: [string, string | undefined][] = [
    ['from', criteria.from],
    ['subject', criteria.subject],
    ['body', criteria.body],
    ['from_regex', criteria.fromRegex === undefined ? undefined : source(criteria.fromRegex)],
    ['subject_regex', criteria.subjectRegex === undefined ? undefined : source(criteria.subjectRegex)],
    ['body_regex', criteria.bodyRegex === undefined ? undefined : source(criteria.bodyRegex)],
  ];
  for (const [name, value] of text) if (value !== undefined) query.append(name, value);
  for (const [name, value] of Object.entries(criteria.header ?? {})) query.append('header', `${name}: ${value}`);
  if (criteria.since !== undefined)
    query.append('since', criteria.since instanceof Date ? criteria.since.toISOString() : criteria.since);
  if (criteria.nth !== undefined) query.append('nth', String(criteria.nth));
  query.append('timeout', String(timeoutSeconds));
  return query;
}
