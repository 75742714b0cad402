// The story of one received message, top to bottom: parse it off the main thread, enforce the attachment
// cap (D6), store it once with one message per recipient (D9) in one durable commit (D10). Only when this
// resolves may the SMTP edge answer 250; any failure leaves nothing stored.
import type { Address } from '../mail/address.js';
import type { ParsedMail } from '../mail/parsed-mail.js';
import type { NewDelivery, NewMail } from '../store/message-store.js';
import { DeliveryError } from './delivery-error.js';
import { RETENTION_MS, type InboxDeps } from './deps.js';

/** D6: decoded attachments of one message together, in bytes. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

export interface Envelope {
  /** Envelope sender; null for the null sender `MAIL FROM:<>`. */
  from: string | null;
  /** The name the client gave in HELO/EHLO. */
  heloName: string;
  recipients: Address[];
}

export interface Delivered {
  mailId: string;
  messageIds: string[];
}

/** D8: the envelope sender, or for the null sender the From header, or mailer-daemon@<HELO name>. */
export function senderOf(envelope: Envelope, mail: ParsedMail): string {
  if (envelope.from !== null && envelope.from !== '') return envelope.from;
  return mail.fromAddress ?? `mailer-daemon@${envelope.heloName}`;
}

export function createDeliver(deps: InboxDeps) {
  return async function deliver(envelope: Envelope, raw: Uint8Array): Promise<Delivered> {
    const parsed = await deps.parser.parse(raw);
    if (!parsed.ok) throw new DeliveryError(parsed.reason === 'timeout' ? 'parse_timeout' : parsed.reason, parsed.detail);
    const mail = parsed.mail;
    const attachmentBytes = mail.attachments.reduce((sum, a) => sum + a.content.byteLength, 0);
    if (attachmentBytes > MAX_ATTACHMENT_BYTES) {
      throw new DeliveryError('attachments_too_large', `${attachmentBytes} bytes of attachments, at most ${MAX_ATTACHMENT_BYTES}`);
    }
    const receivedAt = deps.clock.now();
    const record: NewMail = {
      id: deps.newId(),
      receivedAt,
      expiresAt: receivedAt + RETENTION_MS,
      from: senderOf(envelope, mail),
      fromName: mail.fromName,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      attachments: mail.attachments.map((a) => ({ id: deps.newId(), filename: a.filename, mime: a.mime, content: a.content })),
      raw,
    };
    const mailboxes = [...new Set(envelope.recipients.map((r) => r.address))];
    const deliveries: NewDelivery[] = mailboxes.map((mailbox) => ({ id: deps.newId(), mailbox }));
    try {
      await deps.store.saveMail(record, deliveries);
    } catch (error) {
      throw new DeliveryError('storage_failed', (error as Error).message, error);
    }
    return { mailId: record.id, messageIds: deliveries.map((d) => d.id) };
  };
}
