// The JSON shapes of the public API the page reads (docs/http-api.md; interface §2).

export interface MessageSummary {
  id: string;
  from: string;
  from_name: string | null;
  subject: string | null;
  date: string;
  seen: boolean;
  attachments: number;
  expires_at: string;
}

export interface MailboxPage {
  address: string;
  count: number;
  next: string | null;
  messages: MessageSummary[];
}

export interface Attachment {
  id: string;
  filename: string;
  mime: string;
  size: number;
  url: string;
}

export interface Message extends Omit<MessageSummary, 'attachments'> {
  to: string;
  text: string | null;
  html: string | null;
  headers: { name: string; value: string }[];
  attachments: Attachment[];
}

/** GET /api/v1/message/{id}/codes: likely one-time codes and http(s) links, best first, from the sender's text. */
export interface MessageCodes {
  id: string;
  codes: string[];
  links: string[];
}

export interface DomainEntry {
  domain: string;
  kind: 'public' | 'own' | 'closed' | 'premium';
}
