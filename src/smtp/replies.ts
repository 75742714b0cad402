// Every SMTP reply text of ours, in one table (D25), each with its enhanced status code (RFC 3463, RFC 2034)
// written out: the protocol's own replies (smtp-session.ts) as well as the policy's refusals (P2). D9 wants
// 550 5.1.2 where a table by reply code alone would answer 550 5.1.1.
import type { RecipientCheck } from '../inbox/check-recipient.js';
import type { DeliveryRefusal } from '../inbox/shared/delivery-error.js';

type RecipientRefusal = Extract<RecipientCheck, { verdict: { reason: string } }>['verdict']['reason'];

export interface SmtpReply {
  code: number;
  text: string;
}

export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
export const MAX_RECIPIENTS = 100;
/** Refused recipients one session may send before it is closed (as Postfix's smtpd_hard_error_limit):
 * each may cost an MX lookup, so a session of made-up domains must not go on for ever. */
export const MAX_REFUSED_RECIPIENTS = 10;

/** The longest command line read (RFC 5321 §4.5.3.1.4 says 512 octets; SMTPUTF8 addresses and MAIL
 * parameters may make it longer): past it the session is closed. */
export const MAX_COMMAND_LINE_BYTES = 4096;
/** Commands not recognised in one session before it is closed. */
export const MAX_UNRECOGNISED_COMMANDS = 10;

/** The replies of the protocol itself (smtp-session.ts), in the order of a session. */
export const protocol = {
  greeting: (host: string): SmtpReply => ({ code: 220, text: `${host} ESMTP inboxd, receive-only` }),
  /** EHLO's lines after the first; STARTTLS only before TLS (RFC 3207 §4.2). */
  ehlo: (host: string, client: string, offerTls: boolean): SmtpReply => ({
    code: 250,
    text: [
      `${host} at your service, [${client}]`,
      'PIPELINING',
      '8BITMIME',
      'SMTPUTF8',
      'ENHANCEDSTATUSCODES',
      `SIZE ${MAX_MESSAGE_BYTES}`,
      ...(offerTls ? ['STARTTLS'] : []),
    ].join('\n'),
  }),
  helo: (host: string): SmtpReply => ({ code: 250, text: `${host}` }),
  ok: { code: 250, text: '2.0.0 Ok' },
  senderOk: { code: 250, text: '2.1.0 Ok' },
  recipientOk: { code: 250, text: '2.1.5 Ok' },
  startData: { code: 354, text: 'End data with <CR><LF>.<CR><LF>' },
  startTls: { code: 220, text: '2.0.0 Ready to start TLS' },
  bye: { code: 221, text: '2.0.0 Bye' },
  vrfy: { code: 252, text: '2.5.0 Cannot VRFY user, but will accept message and attempt delivery' },
  help: { code: 214, text: '2.0.0 See RFC 5321, https://www.rfc-editor.org/rfc/rfc5321' },
  heloSyntax: { code: 501, text: '5.5.4 Syntax: EHLO hostname' },
  senderSyntax: { code: 501, text: '5.1.7 Bad sender address syntax' },
  recipientSyntax: { code: 501, text: '5.1.3 Bad recipient address syntax' },
  parameterSyntax: { code: 501, text: '5.5.4 Bad or repeated parameter' },
  noArguments: { code: 501, text: '5.5.4 This command takes no arguments' },
  unsupportedParameter: { code: 555, text: '5.5.4 Unsupported parameter' },
  declaredTooLarge: { code: 552, text: `5.3.4 Message size exceeds the limit of ${MAX_MESSAGE_BYTES} bytes` },
  heloFirst: { code: 503, text: '5.5.1 Send HELO or EHLO first' },
  nestedMail: { code: 503, text: '5.5.1 Sender already given' },
  mailFirst: { code: 503, text: '5.5.1 Need MAIL command' },
  rcptFirst: { code: 503, text: '5.5.1 Need RCPT command' },
  tlsActive: { code: 503, text: '5.5.1 TLS already active' },
  tlsUnavailable: { code: 454, text: '4.7.0 TLS not available' },
  noAuth: { code: 502, text: '5.5.1 AUTH not available: this service only receives mail' },
  unrecognised: { code: 500, text: '5.5.2 Command not recognized' },
  tooManyUnrecognised: { code: 421, text: '4.7.0 Too many unrecognized commands, closing connection' },
  lineTooLong: {
    code: 421,
    text: `4.5.2 Command line longer than ${MAX_COMMAND_LINE_BYTES} bytes, closing connection`,
  },
  notSmtp: { code: 421, text: '4.7.0 This is an SMTP server, closing connection' },
  idleTimeout: { code: 421, text: '4.4.2 Idle timeout exceeded, closing connection' },
  shuttingDown: { code: 421, text: '4.3.2 Server shutting down, try again later' },
} as const satisfies Record<string, SmtpReply | ((...args: never[]) => SmtpReply)>;

export const replies = {
  accepted: (id: string): SmtpReply => ({ code: 250, text: `2.0.0 Ok: queued as ${id}` }),
  recipientRefusal: {
    invalid_address: { code: 553, text: '5.1.3 Recipient address is not valid here' },
    unknown_domain: { code: 550, text: '5.1.2 Domain is not hosted here' },
    lookup_failed: { code: 451, text: '4.4.3 Domain lookup failed, try again later' },
    over_quota: {
      code: 452,
      text: "4.2.2 Monthly premium quota of this mailbox's account is used up, try again later",
    },
  } satisfies Record<RecipientRefusal, SmtpReply>,
  tooManyRecipients: { code: 452, text: `4.5.3 Too many recipients, at most ${MAX_RECIPIENTS} per message` },
  messageTooLarge: { code: 552, text: `5.3.4 Message exceeds the size limit of ${MAX_MESSAGE_BYTES} bytes` },
  dataTooSlow: { code: 421, text: '4.4.2 Message data too slow, closing connection' },
  dataDeadline: { code: 421, text: '4.4.2 Message took too long to send, closing connection' },
  tooManyRefusedFromClient: { code: 421, text: '4.7.0 Too many refused recipients from your address, try again later' },
  tooManyRefusedRecipients: {
    code: 421,
    text: `4.7.0 Too many refused recipients (${MAX_REFUSED_RECIPIENTS}), closing connection`,
  },
  tooManyConnections: { code: 421, text: '4.7.0 Too many connections, try again later' },
  tooManyConnectionsFromIp: { code: 421, text: '4.7.0 Too many connections from your address, try again later' },
  refusal: {
    attachments_too_large: { code: 552, text: '5.3.4 Attachments exceed 5242880 bytes' },
    too_many_parts: { code: 554, text: '5.6.0 Message has more than 1000 MIME parts' },
    too_deep: { code: 554, text: '5.6.0 MIME parts nested deeper than 20' },
    headers_too_large: { code: 552, text: '5.3.4 Message headers too large' },
    unparseable: { code: 554, text: '5.6.0 Message could not be parsed' },
    parse_timeout: { code: 451, text: '4.3.0 Message could not be processed in time, try again later' },
    storage_failed: { code: 451, text: '4.3.0 Temporary storage failure, try again later' },
    shutting_down: { code: 421, text: '4.3.2 Server shutting down, try again later' },
  } satisfies Record<DeliveryRefusal, SmtpReply>,
  internalError: { code: 451, text: '4.3.0 Local error in processing, try again later' },
} as const;

/** The reply as written on the wire: one line, or `code-` lines and a last `code ` line (RFC 5321 §4.2.1). */
export function formatReply(reply: SmtpReply): string {
  const lines = reply.text.split('\n');
  let wire = '';
  for (let i = 0; i < lines.length; i += 1) wire += `${reply.code}${i === lines.length - 1 ? ' ' : '-'}${lines[i]}\r\n`;
  return wire;
}
