// The SMTP edge: the sessions of smtp-session.ts speak the protocol; this file answers their hooks.
// admit → connection caps; rcptTo → recipient policy; data → count the bytes, take an intake slot past
// 256 KiB, then inbox.deliver, and 250 only after the durable commit (D10).
import type { Logger } from 'pino';
import { DeliveryError } from '../inbox/shared/delivery-error.js';
import type { Inbox } from '../inbox/inbox.js';
import type { AcceptedRecipient } from '../inbox/check-recipient.js';
import { systemClock, type Clock } from '../clock.js';
import { clientNetwork } from '../limits/client-network.js';
import type { SmtpMetrics } from '../metrics/metrics.js';
import { createConnectionLimits } from './connection-limits.js';
import { watchDataPace, type DataPaceOptions } from './data-pace.js';
import { MessageBytes } from './message-bytes.js';
import { messageBuffers } from '../message-buffers.js';
import { youngGarbage } from '../runtime/young-garbage.js';
import { createRefusedRecipients } from './refused-recipients.js';
import { createIntakeGate, type IntakeTicket } from './intake-gate.js';
import {
  MAX_MESSAGE_BYTES,
  MAX_RECIPIENTS,
  MAX_REFUSED_RECIPIENTS,
  protocol,
  replies,
  type SmtpReply,
} from './replies.js';
import { createSmtpListener } from './smtp-listener.js';
import type { DataControl, MessageSink, SessionHooks, SessionInfo } from './smtp-session.js';

export interface SmtpEdgeOptions {
  hostname: string;
  tls: { key: string; cert: string };
  maxConnections: number;
  maxConnectionsPerIp: number;
  inbox: Pick<Inbox, 'checkRecipient' | 'deliver'>;
  logger: Logger;
  /** RFC 5321 §4.5.3.2.7: 5 minutes. */
  idleTimeoutMs?: number;
  busyTimeoutMs?: number;
  /** How long stop() lets open sessions finish before they are told 421. */
  closeTimeoutMs?: number;
  metrics?: SmtpMetrics;
  /** Messages over LARGE_MESSAGE_BYTES read, scanned and stored at once (intake-gate.ts; default 3). */
  largeMessageSlots?: number;
  /** A slot holder with no bytes for this long loses its slot when others wait (default 1 s). */
  slotStallMs?: number;
  /** The pace DATA must keep (data-pace.ts): bytes per window, window, deadline. */
  dataPace?: Pick<DataPaceOptions, 'minBytes' | 'windowMs' | 'deadlineMs'>;
  /** Refused recipients a client network may cause in a window before its sessions are closed (default 60 a minute). */
  refusedRecipients?: { max?: number; windowMs?: number };
  clock?: Clock;
}

export interface SmtpEdge {
  listen(port: number, host: string, backlog?: number): Promise<number>;
  close(): Promise<void>;
}

/** A message read past this many bytes needs a slot of the intake gate to go on. */
export const LARGE_MESSAGE_BYTES = 256 * 1024;

/** The garbage that reading mail leaves is collected every 16 MiB read (young-garbage.ts). */
const mailRead = youngGarbage();

export function createSmtpEdge(options: SmtpEdgeOptions): SmtpEdge {
  const { inbox, logger } = options;
  const clock = options.clock ?? systemClock;
  const gate = createIntakeGate({
    slots: options.largeMessageSlots ?? 3,
    clock,
    ...(options.slotStallMs === undefined ? {} : { stallMs: options.slotStallMs }),
  });
  const metrics = options.metrics;
  // Aborted when close()'s grace period ends, just before the open sessions are told 421: a delivery
  // still parsing then stops short of its commit, so nothing is stored behind a 421.
  const shutdown = new AbortController();
  const limits = createConnectionLimits({
    maxConnections: options.maxConnections,
    maxPerIp: options.maxConnectionsPerIp,
    idleTimeoutMs: options.idleTimeoutMs ?? 5 * 60_000,
    busyTimeoutMs: options.busyTimeoutMs ?? 10_000,
    busyShare: 0.8,
  });
  // The transaction of each session: its sender and the recipients accepted at RCPT, normalised.
  const transactions = new Map<string, { sender: string; recipients: AcceptedRecipient[] }>();
  /** Recipients refused in each session so far; at MAX_REFUSED_RECIPIENTS the session is closed with 421. */
  const refusedRecipients = new Map<string, number>();
  /** And across the sessions of each client network (refused-recipients.ts). */
  const refusedByClient = createRefusedRecipients({ clock, ...options.refusedRecipients });
  const refuseRecipient = (session: SessionInfo, reply: SmtpReply): SmtpReply => {
    refusedByClient.refused(session.remoteAddress);
    const refused = (refusedRecipients.get(session.id) ?? 0) + 1;
    refusedRecipients.set(session.id, refused);
    return refused >= MAX_REFUSED_RECIPIENTS ? replies.tooManyRefusedRecipients : reply;
  };

  const hooks: SessionHooks = {
    admit(session) {
      const verdict = limits.admit(session.id, session.remoteAddress);
      metrics?.connectionsOpen(limits.openCount());
      if (verdict !== 'admit') metrics?.connectionRefused(verdict);
      if (verdict === 'server_full') return replies.tooManyConnections;
      if (verdict === 'ip_full') return replies.tooManyConnectionsFromIp;
      return null;
    },
    closed(session) {
      limits.release(session.id);
      metrics?.connectionsOpen(limits.openCount());
      transactions.delete(session.id);
      refusedRecipients.delete(session.id);
    },
    idleTimeoutMs: () => limits.idleTimeoutMs(),
    mailFrom(session, sender) {
      transactions.set(session.id, { sender, recipients: [] });
    },
    rcptTo(session, address) {
      const accepted = transactions.get(session.id)?.recipients ?? [];
      if (accepted.length >= MAX_RECIPIENTS) {
        metrics?.recipientRefused('too_many_recipients');
        return refuseRecipient(session, replies.tooManyRecipients);
      }
      // Before any lookup: a client past its rate of refused recipients gets none looked at.
      if (!refusedByClient.allowed(session.remoteAddress)) {
        metrics?.recipientRefused('client_refusal_rate');
        return replies.tooManyRefusedFromClient;
      }
      return inbox.checkRecipient(address, accepted).then(
        (check): SmtpReply => {
          if (!('recipient' in check)) {
            metrics?.recipientRefused(check.verdict.reason);
            return refuseRecipient(session, replies.recipientRefusal[check.verdict.reason]);
          }
          const { recipient } = check;
          if (!accepted.some((a) => a.address.address === recipient.address.address)) accepted.push(recipient);
          return protocol.recipientOk;
        },
        (error: unknown) => {
          logger.error({ err: error }, 'recipient check failed');
          metrics?.recipientRefused('internal_error');
          return replies.internalError;
        },
      );
    },
    data(session, control) {
      return messageSink(session, control);
    },
    failed(error) {
      logger.error({ err: error }, 'smtp session failed');
    },
  };

  /** Reads a message's data, keeping at most MAX_MESSAGE_BYTES; past that it only counts (D25). Past
   * LARGE_MESSAGE_BYTES it goes on only while the intake gate gives it a slot, paused otherwise (TCP
   * backpressure, P33). The sender must keep the pace of data-pace.ts while it is read. */
  function messageSink(session: SessionInfo, control: DataControl): MessageSink {
    const bytes = new MessageBytes(LARGE_MESSAGE_BYTES, MAX_MESSAGE_BYTES, messageBuffers);
    const client = clientNetwork(session.remoteAddress);
    let ticket: IntakeTicket | null = null;
    /** Resolved while the session holds its slot (it may lose it and wait again). */
    let holding: Promise<void> = Promise.resolve();
    let granted: () => void = () => undefined;
    const pace = watchDataPace({
      clock,
      ...options.dataPace,
      onTooSlow(reason) {
        // The session ends with 421; its message is then dropped, with nothing stored.
        metrics?.refused(reason === 'deadline' ? 'data_deadline' : 'data_too_slow');
        logger.warn({ session: session.id, client: session.remoteAddress, reason }, 'data too slow: closing');
        control.close(reason === 'deadline' ? replies.dataDeadline : replies.dataTooSlow);
      },
    });
    return {
      add(chunk) {
        const kept = bytes.add(chunk);
        mailRead.read(chunk.length);
        pace.bytes(chunk.length);
        ticket?.touch();
        if (ticket === null && bytes.size > LARGE_MESSAGE_BYTES && bytes.size <= MAX_MESSAGE_BYTES) {
          control.pause();
          pace.pause();
          holding = new Promise((resolve) => (granted = resolve));
          ticket = gate.enter(client, {
            grant() {
              pace.resume();
              control.resume();
              granted();
            },
            revoke(reason) {
              holding = new Promise((resolve) => (granted = resolve));
              control.pause();
              // A session that lost its slot for sending nothing keeps being judged on its pace; one
              // paused to make room for another client's share is not.
              if (reason === 'share') pace.pause();
            },
          });
        }
        return kept;
      },
      abort() {
        pace.stop();
        bytes.drop();
        ticket?.leave();
      },
      async end() {
        pace.stop();
        // Its own ArrayBuffer (never Node's shared pool), so the bytes can move between threads.
        const raw = bytes.take();
        try {
          // A message that ended in the chunk that took it past the threshold still waits for its slot
          // (P33), and keeps it until its delivery ends.
          if (ticket !== null) {
            await holding;
            ticket.read();
          }
          return await deliver(session, raw);
        } finally {
          ticket?.leave();
          const transaction = transactions.get(session.id);
          if (transaction !== undefined) transaction.recipients = [];
        }
      },
    };
  }

  async function deliver(session: SessionInfo, raw: Uint8Array | null): Promise<SmtpReply> {
    if (raw === null) {
      metrics?.refused('message_too_large');
      return replies.messageTooLarge;
    }
    const sender = transactions.get(session.id)?.sender ?? '';
    // The inbox takes the bytes over (they move to the parser and writer threads): keep the size now.
    const bytes = raw.length;
    try {
      const delivered = await inbox.deliver(
        {
          from: sender === '' ? null : sender,
          heloName: session.heloName ?? session.remoteAddress,
          recipients: transactions.get(session.id)?.recipients ?? [],
        },
        raw,
        shutdown.signal,
      );
      metrics?.accepted(bytes);
      logger.info({ mail: delivered.mailId, messages: delivered.messageIds.length, bytes }, 'mail accepted');
      if (delivered.uncounted !== undefined)
        logger.error({ err: delivered.uncounted, mail: delivered.mailId }, 'premium quota not counted');
      return replies.accepted(delivered.mailId);
    } catch (error) {
      if (error instanceof DeliveryError) {
        logger.warn({ reason: error.reason, detail: error.message, bytes }, 'mail refused');
        metrics?.refused(error.reason);
        return replies.refusal[error.reason];
      }
      logger.error({ err: error }, 'delivery failed');
      metrics?.refused('internal_error');
      return replies.internalError;
    }
  }

  const listener = createSmtpListener({
    hostname: options.hostname,
    tls: options.tls,
    hooks,
    closeTimeoutMs: options.closeTimeoutMs ?? 10_000,
    onGraceOver: () => shutdown.abort(),
  });
  return { listen: (port, host, backlog) => listener.listen(port, host, backlog), close: () => listener.close() };
}
