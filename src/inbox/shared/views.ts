// The API shapes of interface §2 (MessageSummary, Message, Attachment; view-schemas.ts), built from store
// records.
// Times are RFC 3339 UTC with milliseconds (D22).
import { extractCodes } from '../../mail/extract-codes.js';
import { extractLinks } from '../../mail/extract-links.js';
import type { MessageRecord, MessageSummaryRecord } from '../../store/message-store.js';
import type { AgentMessageView, MessageSummaryView, MessageView } from './view-schemas.js';

export const isoTime = (ms: number): string => new Date(ms).toISOString();

/** The fields a summary and a full message share. */
function commonFields(record: MessageSummaryRecord | MessageRecord): Omit<MessageSummaryView, 'attachments'> {
  return {
    id: record.id,
    from: record.from,
    from_name: record.fromName,
    subject: record.subject,
    date: isoTime(record.receivedAt),
    seen: record.seen,
    expires_at: isoTime(record.expiresAt),
  };
}

export function summaryView(record: MessageSummaryRecord): MessageSummaryView {
  return { ...commonFields(record), attachments: record.attachmentCount };
}

export function attachmentUrl(baseUrl: string, mailbox: string, attachmentId: string): string {
  return `${baseUrl}/api/v1/attachment/${attachmentId}?mailbox=${encodeURIComponent(mailbox)}`;
}

export function messageView(record: MessageRecord, baseUrl: string): MessageView {
  return {
    ...commonFields(record),
    to: record.mailbox,
    text: record.text,
    html: record.html,
    headers: record.headers,
    attachments: record.attachments.map((a) => ({ ...a, url: attachmentUrl(baseUrl, record.mailbox, a.id) })),
  };
}

/** The one extraction behind the agent tools, `inboxd wait --json`, the codes route and the page. */
export function codesAndLinksOf(source: {
  subject: string | null;
  text: string | null;
  html: string | null;
}): Pick<AgentMessageView, 'codes' | 'links'> {
  return {
    codes: extractCodes({ subject: source.subject, text: source.text, html: source.html }),
    links: extractLinks({ text: source.text, html: source.html }),
  };
}

export function withCodesAndLinks(view: MessageView): AgentMessageView {
  return { ...view, ...codesAndLinksOf(view) };
}
