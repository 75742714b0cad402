// The story of one received message, top to bottom: its structural scan (D29: the limits of D25 and the
// attachment cap of D6, without decoding it), connect new own domains (D11), store its raw source once
// with its summary and one message per recipient (D9) in one durable commit (D10), then count premium
// arrivals against their accounts' quotas (D15) and tell the waiters (D24). Only when this resolves may
// the SMTP edge answer 250; a failure before the commit leaves no message stored. Decoding the message
// waits for its first read (load-message.ts), or, for a mailbox a wait is waiting on, runs beside the
// commit (P52).
import { usageMonth } from '../access/plans.js';
import { normaliseDomain } from '../mail/address.js';
import type { NewDelivery, NewMail } from '../store/message-store.js';
import type { AcceptedRecipient } from './check-recipient.js';
import { isAwaited } from './shared/awaited-mailboxes.js';
import { DeliveryError } from './shared/delivery-error.js';
import { decodeAhead } from './shared/load-message.js';
import { RETENTION_MS, type InboxDeps } from './shared/deps.js';

/** D6: decoded attachments of one message together, in bytes. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** The largest message decoded ahead of its first read for a waiting mailbox (P52): a copy of its bytes
 * is made for it. */
export const DECODE_AHEAD_BYTES = 256 * 1024;

export interface Envelope {
  /** Envelope sender; null for the null sender `MAIL FROM:<>`. */
  from: string | null;
  /** The name the client gave in HELO/EHLO. */
  heloName: string;
  recipients: AcceptedRecipient[];
}

export interface Delivered {
  mailId: string;
  messageIds: string[];
  /** Set when the message was stored but its quota count failed (D15): log it, still answer 250. */
  uncounted?: unknown;
}

/** D8: the envelope sender, or for the null sender the From header's address, or
 * mailer-daemon@<HELO name> when the HELO name is a valid domain name (else mailer-daemon@invalid): the
 * HELO text is the client's to write, and `from` must always be a valid address (issue 20, item 9). */
export function senderOf(envelope: Envelope, fromAddress: string | null): string {
  if (envelope.from !== null && envelope.from !== '') return envelope.from;
  return fromAddress ?? `mailer-daemon@${normaliseDomain(envelope.heloName) ?? 'invalid'}`;
}

export function createDeliver(deps: InboxDeps) {
  /** After the commit, so a refused message never counts. The message is stored by then and must be
   * acknowledged, so a failure to count is reported to the edge to log, not thrown. */
  async function chargeQuotas(recipients: AcceptedRecipient[], receivedAt: number): Promise<unknown> {
    const perAccount = new Map<string, number>();
    for (const r of recipients)
      if (r.chargeTo !== null) perAccount.set(r.chargeTo, (perAccount.get(r.chargeTo) ?? 0) + 1);
    try {
      for (const [accountId, count] of perAccount)
        await deps.directory.addUsage(accountId, usageMonth(receivedAt), count);
      return undefined;
    } catch (error) {
      return error;
    }
  }

  /** A small message for a mailbox that a wait here is waiting on is decoded while it is committed (P52),
   * from a copy of its bytes (the store takes the bytes themselves); the returned function tells that
   * decode whether the commit was made. */
  function decodeAheadIfAwaited(
    mail: NewMail,
    deliveries: NewDelivery[],
    now: number,
  ): ((committed: boolean) => void) | undefined {
    if (mail.raw.byteLength > DECODE_AHEAD_BYTES) return undefined;
    const awaited = deliveries.find((d) => isAwaited(deps.store, d.mailbox));
    if (awaited === undefined) return undefined;
    let settle!: (committed: boolean) => void;
    const committed = new Promise<boolean>((resolve) => (settle = resolve));
    const source = { ...awaited, mailId: mail.id, fromName: mail.fromName, subject: mail.subject };
    // A copy (a Buffer's slice would be a view of the same bytes, which the decode takes away).
    decodeAhead(deps, source, new Uint8Array(mail.raw), committed, now);
    return settle;
  }

  /** `stop`, when aborted (the server's shutdown grace has run out), keeps a delivery that has not yet
   * committed from committing: its sender is being told 421 and will send it again. */
  return async function deliver(envelope: Envelope, received: Uint8Array, stop?: AbortSignal): Promise<Delivered> {
    // A large message's bytes may move to a worker thread for the scan and back; the store then takes them.
    const { result, raw } = await deps.parser.scan(received);
    if (!result.ok)
      throw new DeliveryError(result.reason === 'timeout' ? 'parse_timeout' : result.reason, result.detail);
    const scan = result.scan;
    if (scan.attachmentBytes > MAX_ATTACHMENT_BYTES) {
      throw new DeliveryError(
        'attachments_too_large',
        `${scan.attachmentBytes} bytes of attachments, at most ${MAX_ATTACHMENT_BYTES}`,
      );
    }
    const receivedAt = deps.clock.now();
    const record: NewMail = {
      id: deps.newId(),
      receivedAt,
      expiresAt: receivedAt + RETENTION_MS,
      from: senderOf(envelope, scan.fromAddress),
      fromName: scan.fromName,
      subject: scan.subject,
      attachmentCount: scan.attachments.length,
      raw,
    };
    const recipients = [...new Map(envelope.recipients.map((r) => [r.address.address, r])).values()];
    const deliveries: NewDelivery[] = recipients.map((r) => ({ id: deps.newId(), mailbox: r.address.address }));
    if (stop?.aborted === true)
      throw new DeliveryError('shutting_down', 'the server stopped before this message was stored');
    const committed = decodeAheadIfAwaited(record, deliveries, receivedAt);
    try {
      // Connected before the message is stored: a domain whose MX points here, with no message yet, is
      // harmless; a stored message on a domain that reads as unknown would not be.
      for (const domain of new Set(recipients.filter((r) => r.connect).map((r) => r.address.domain))) {
        await deps.directory.connectDomain(domain, receivedAt);
      }
      await deps.store.saveMail(record, deliveries);
    } catch (error) {
      committed?.(false);
      throw new DeliveryError('storage_failed', (error as Error).message, error);
    }
    committed?.(true);
    const uncounted = await chargeQuotas(recipients, receivedAt);
    // After the commit: a waiter woken by this event finds the message stored. A lost event delays a
    // waiter until its timeout; it never loses mail.
    await Promise.all(
      deliveries.map((d) => deps.events.publish({ mailbox: d.mailbox, messageId: d.id }).catch(() => undefined)),
    );
    return { mailId: record.id, messageIds: deliveries.map((d) => d.id), uncounted };
  };
}
