// Which messages a wait is waiting for: one matcher behind both waits (wait_for_message, D24, and
// GET /api/v1/mailbox/wait, issue 19), each rule written once. The summary's own fields are asked first;
// the decoded message (body, headers) only when a criterion needs it, and only for a message whose
// summary passed.
import type { MessageRecord, MessageSummaryRecord } from '../../store/message-store.js';
import { htmlToText } from '../../mail/html-text.js';
import { compilePattern } from './regex-safety.js';

export interface MatchCriteria {
  /** Case-insensitive substring of the envelope sender and the From display name. */
  from?: string | undefined;
  /** Case-insensitive substring of the subject. */
  subject?: string | undefined;
  /** Case-insensitive substring of the body's text (or of its HTML's text when it has no text part). */
  body?: string | undefined;
  /** Regular expressions (checked by regex-safety.ts): the sender or the display name; the subject; the body. */
  fromRegex?: string | undefined;
  subjectRegex?: string | undefined;
  bodyRegex?: string | undefined;
  /** Headers the message must have: name case-insensitive, value equal after trimming. */
  headers?: readonly { name: string; value: string }[] | undefined;
  /** Arrived at or after this time (ms). */
  sinceTime?: number | undefined;
  /** Arrived after the message with this id (ids are time-ordered, D2). */
  afterId?: string | undefined;
  /** Only messages not yet seen (wait_for_message without include_seen). */
  unseenOnly?: boolean | undefined;
}

export interface MessageMatcher {
  /** Whether the message matches; `load` gives its decoded content (null: gone), asked only if needed. */
  matches(message: MessageSummaryRecord, load: () => Promise<MessageRecord | null>): Promise<boolean>;
}

/** The text a body criterion reads: the text part, else the text of the HTML part. */
export function bodyText(message: Pick<MessageRecord, 'text' | 'html'>): string {
  if (message.text !== null) return message.text;
  return message.html === null ? '' : htmlToText(message.html);
}

const lowered = (value: string | undefined) => (value === undefined || value === '' ? null : value.toLowerCase());
const pattern = (source: string | undefined) => (source === undefined || source === '' ? null : compilePattern(source));

export function createMatcher(criteria: MatchCriteria): MessageMatcher {
  const from = lowered(criteria.from);
  const subject = lowered(criteria.subject);
  const body = lowered(criteria.body);
  const fromRegex = pattern(criteria.fromRegex);
  const subjectRegex = pattern(criteria.subjectRegex);
  const bodyRegex = pattern(criteria.bodyRegex);
  const headers = (criteria.headers ?? []).map((h) => ({ name: h.name.trim().toLowerCase(), value: h.value.trim() }));
  const needsContent = body !== null || bodyRegex !== null || headers.length > 0;

  /** The summary's criteria that need no regex: asked first, on the event loop. */
  function bySummary(m: MessageSummaryRecord): boolean {
    if (criteria.unseenOnly === true && m.seen) return false;
    if (criteria.sinceTime !== undefined && m.receivedAt < criteria.sinceTime) return false;
    if (criteria.afterId !== undefined && m.id <= criteria.afterId) return false;
    if (subject !== null && !(m.subject ?? '').toLowerCase().includes(subject)) return false;
    if (from !== null && !`${m.from} ${m.fromName ?? ''}`.toLowerCase().includes(from)) return false;
    return true;
  }

  async function bySummaryPatterns(m: MessageSummaryRecord): Promise<boolean> {
    if (subjectRegex !== null && !(await subjectRegex(m.subject ?? ''))) return false;
    if (fromRegex !== null && !(await fromRegex(m.from)) && !(m.fromName !== null && (await fromRegex(m.fromName))))
      return false;
    return true;
  }

  async function byContent(m: MessageRecord): Promise<boolean> {
    for (const wanted of headers) {
      if (!m.headers.some((h) => h.name.toLowerCase() === wanted.name && h.value.trim() === wanted.value)) return false;
    }
    if (body === null && bodyRegex === null) return true;
    const text = bodyText(m);
    if (body !== null && !text.toLowerCase().includes(body)) return false;
    if (bodyRegex !== null && !(await bodyRegex(text))) return false;
    return true;
  }

  return {
    async matches(message, load) {
      if (!bySummary(message) || !(await bySummaryPatterns(message))) return false;
      if (!needsContent) return true;
      const content = await load();
      return content !== null && (await byContent(content));
    },
  };
}
