// The SMTP listener: nodemailer's smtp-server speaks the protocol; this file only answers its hooks.
// onConnect → connection caps; onRcptTo → recipient policy; onData → count bytes ourselves, then
// inbox.deliver, and 250 only after the durable commit (D10).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createRequire } from 'node:module';
import type * as smtpServer from 'smtp-server';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
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
import { createIntakeGate, type IntakeGate, type IntakeTicket } from './intake-gate.js';
import {
  MAX_MESSAGE_BYTES,
  MAX_RECIPIENTS,
  MAX_REFUSED_RECIPIENTS,
  replies,
  replyError,
  type SmtpReply,
} from './replies.js';

// smtp-server is required, not imported: its ESM build imports nodemailer's, whose fetch module imports
// node:http, and on Node 24 an ESM import of node:http reads its WebSocket, MessageEvent and CloseEvent
// exports, which load Node's bundled undici (about 3 MB of heap nothing here uses, issue 15). Its
// CommonJS build is the same code and loads node:http with require.
const { SMTPServer } = createRequire(import.meta.url)('smtp-server') as typeof smtpServer;

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
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

/** A message read past this many bytes needs a slot of the intake gate to go on. */
export const LARGE_MESSAGE_BYTES = 256 * 1024;

interface ReadMessage {
  /** The message, or null when it was over MAX_MESSAGE_BYTES (only drained). */
  raw: Uint8Array | null;
  /** Frees the intake slot the message took, if it took one. */
  release(): void;
}

interface ReadOptions {
  gate: IntakeGate;
  /** The client's address, for the gate's fair share. */
  client: string;
  pace: Omit<DataPaceOptions, 'onTooSlow'>;
  /** The sender did not keep the pace: the session is to be told 421 and closed. */
  onTooSlow(reason: 'too_slow' | 'deadline'): void;
}

/** The garbage that reading mail leaves is collected every 16 MiB read (young-garbage.ts). */
const mailRead = youngGarbage();

/** Reads the DATA stream, keeping at most MAX_MESSAGE_BYTES; past that it only drains (D25). Past
 * LARGE_MESSAGE_BYTES it goes on only while the intake gate gives it a slot, paused otherwise. The
 * sender must keep the pace of data-pace.ts while it is reading. */
function readMessage(stream: SMTPServerDataStream, options: ReadOptions): Promise<ReadMessage> {
  return new Promise((resolve, reject) => {
    const bytes = new MessageBytes(LARGE_MESSAGE_BYTES, MAX_MESSAGE_BYTES, messageBuffers);
    let ticket: IntakeTicket | null = null;
    const pace = watchDataPace({ ...options.pace, onTooSlow: options.onTooSlow });
    const leave = () => {
      pace.stop();
      ticket?.leave();
    };
    stream.on('data', (chunk: Buffer) => {
      bytes.add(chunk);
      mailRead.read(chunk.length);
      pace.bytes(chunk.length);
      ticket?.touch();
      if (ticket === null && bytes.size > LARGE_MESSAGE_BYTES && bytes.size <= MAX_MESSAGE_BYTES) {
        stream.pause();
        pace.pause();
        ticket = options.gate.enter(options.client, {
          grant() {
            pace.resume();
            stream.resume();
          },
          revoke(reason) {
            stream.pause();
            // A session that lost its slot for sending nothing keeps being judged on its pace; one
            // paused to make room for another client's share is not.
            if (reason === 'share') pace.pause();
          },
        });
      }
    });
    stream.once('error', (error) => {
      bytes.drop();
      leave();
      reject(error);
    });
    stream.once('end', () => {
      pace.stop();
      if (stream.sizeExceeded) bytes.drop();
      // Its own ArrayBuffer (never Node's shared pool), so the bytes can move between threads.
      const raw = bytes.take();
      resolve({ raw, release: () => ticket?.leave() });
    });
  });
}

export function createSmtpEdge(options: SmtpEdgeOptions): SmtpEdge {
  const { inbox, logger } = options;
  const clock = options.clock ?? systemClock;
  const gate = createIntakeGate({
    slots: options.largeMessageSlots ?? 3,
    clock,
    ...(options.slotStallMs === undefined ? {} : { stallMs: options.slotStallMs }),
  });
  const metrics = options.metrics;
  // Aborted when stop()'s grace period ends, just before smtp-server tells the open sessions 421: a
  // delivery still parsing then stops short of its commit, so nothing is stored behind a 421.
  const shutdown = new AbortController();
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
  const limits = createConnectionLimits({
    maxConnections: options.maxConnections,
    maxPerIp: options.maxConnectionsPerIp,
    idleTimeoutMs: options.idleTimeoutMs ?? 5 * 60_000,
    busyTimeoutMs: options.busyTimeoutMs ?? 10_000,
    busyShare: 0.8,
  });
  // Recipients accepted at RCPT, normalised, by session id.
  const recipients = new Map<string, AcceptedRecipient[]>();
  /** Recipients refused in each session so far; at MAX_REFUSED_RECIPIENTS the session is closed with 421. */
  const refusedRecipients = new Map<string, number>();
  /** And across the sessions of each client network (refused-recipients.ts). */
  const refusedByClient = createRefusedRecipients({ clock, ...options.refusedRecipients });
  const refuseRecipient = (session: SMTPServerSession, reply: SmtpReply): Error => {
    refusedByClient.refused(session.remoteAddress);
    const refused = (refusedRecipients.get(session.id) ?? 0) + 1;
    refusedRecipients.set(session.id, refused);
    return replyError(refused >= MAX_REFUSED_RECIPIENTS ? replies.tooManyRefusedRecipients : reply);
  };

  const server: smtpServer.SMTPServer = new SMTPServer({
    name: options.hostname,
    banner: 'inboxd, receive-only',
    size: MAX_MESSAGE_BYTES,
    hideENHANCEDSTATUSCODES: true,
    authOptional: true,
    disabledCommands: ['AUTH'],
    disableReverseLookup: true,
    key: options.tls.key,
    cert: options.tls.cert,
    socketTimeout: options.idleTimeoutMs ?? 5 * 60_000,
    closeTimeout: closeTimeoutMs,
    logger: false,
    onConnect(session, callback) {
      const verdict = limits.admit(session.id, session.remoteAddress);
      // Applies from the next command on every connection: smtp-server reads it each time it re-arms.
      server.options.socketTimeout = limits.idleTimeoutMs();
      metrics?.connectionsOpen(limits.openCount());
      if (verdict !== 'admit') metrics?.connectionRefused(verdict);
      if (verdict === 'server_full') return callback(replyError(replies.tooManyConnections));
      if (verdict === 'ip_full') return callback(replyError(replies.tooManyConnectionsFromIp));
      callback();
    },
    onClose(session) {
      limits.release(session.id);
      metrics?.connectionsOpen(limits.openCount());
      recipients.delete(session.id);
      refusedRecipients.delete(session.id);
      server.options.socketTimeout = limits.idleTimeoutMs();
    },
    onMailFrom(_address, session, callback) {
      recipients.set(session.id, []);
      callback();
    },
    onRcptTo(address, session, callback) {
      const accepted = recipients.get(session.id) ?? [];
      if (accepted.length >= MAX_RECIPIENTS) {
        metrics?.recipientRefused('too_many_recipients');
        return callback(refuseRecipient(session, replies.tooManyRecipients));
      }
      // Before any lookup: a client past its rate of refused recipients gets none looked at.
      if (!refusedByClient.allowed(session.remoteAddress)) {
        metrics?.recipientRefused('client_refusal_rate');
        return callback(replyError(replies.tooManyRefusedFromClient));
      }
      inbox
        .checkRecipient(address.address, accepted)
        .then((check) => {
          if (!('recipient' in check)) {
            metrics?.recipientRefused(check.verdict.reason);
            return callback(refuseRecipient(session, replies.recipientRefusal[check.verdict.reason]));
          }
          const { recipient } = check;
          if (!accepted.some((a) => a.address.address === recipient.address.address)) accepted.push(recipient);
          recipients.set(session.id, accepted);
          callback();
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'recipient check failed');
          metrics?.recipientRefused('internal_error');
          callback(replyError(replies.internalError));
        });
    },
    onData(stream, session, callback) {
      deliver(stream, session).then(
        (reply) => callback(null, reply),
        (error: Error) => callback(error),
      );
    },
  });

  /** Tells a session that did not keep the DATA pace 421 and closes it; its delivery then fails as a
   * client gone mid-message, with nothing stored. */
  function closeTooSlow(session: SMTPServerSession, reason: 'too_slow' | 'deadline'): void {
    const reply = reason === 'deadline' ? replies.dataDeadline : replies.dataTooSlow;
    metrics?.refused(reason === 'deadline' ? 'data_deadline' : 'data_too_slow');
    logger.warn({ session: session.id, client: session.remoteAddress, reason }, 'data too slow: closing');
    for (const connection of server.connections) {
      if (connection.id !== session.id) continue;
      connection.send(reply.code, reply.text);
      connection.close();
    }
  }

  async function deliver(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const { raw, release } = await readMessage(stream, {
      gate,
      client: clientNetwork(session.remoteAddress),
      pace: { clock, ...options.dataPace },
      onTooSlow: (reason) => closeTooSlow(session, reason),
    });
    if (raw === null) {
      release();
      metrics?.refused('message_too_large');
      throw replyError(replies.messageTooLarge);
    }
    const mailFrom = session.envelope.mailFrom;
    // The inbox takes the bytes over (they move to the parser and writer threads): keep the size now.
    const bytes = raw.length;
    try {
      const delivered = await inbox.deliver(
        {
          from: mailFrom === false ? null : mailFrom.address,
          heloName: session.hostNameAppearsAs || session.remoteAddress,
          recipients: recipients.get(session.id) ?? [],
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
        throw replyError(replies.refusal[error.reason]);
      }
      logger.error({ err: error }, 'delivery failed');
      metrics?.refused('internal_error');
      throw replyError(replies.internalError);
    } finally {
      release();
      recipients.set(session.id, []);
    }
  }

  server.on('error', (error) => logger.warn({ err: error }, 'smtp connection error'));

  return {
    async listen(port, host) {
      const listening = server.listen(port, host);
      await once(listening, 'listening');
      return (listening.address() as AddressInfo).port;
    },
    close() {
      // Set before smtp-server's own timer of the same length, so it fires first.
      const grace = setTimeout(() => shutdown.abort(), Math.max(0, closeTimeoutMs - 1));
      grace.unref();
      return new Promise((resolve) =>
        server.close(() => {
          clearTimeout(grace);
          shutdown.abort();
          resolve();
        }),
      );
    },
  };
}
