// Every SMTP reply text of ours, in one table (D25), with its enhanced status code (RFC 3463) written
// out: smtp-server's automatic codes are switched off because they map by reply code alone (it would
// answer 550 5.1.1 where D9 wants 550 5.1.2). Replies the library writes itself (syntax errors, the
// greeting delay, SIZE at MAIL FROM) keep the library's text.
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

export const replies = {
  accepted: (id: string): string => `2.0.0 Ok: queued as ${id}`,
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

/** An Error that smtp-server turns into the reply (`responseCode` + message). */
export function replyError(reply: SmtpReply): Error & { responseCode: number } {
  return Object.assign(new Error(reply.text), { responseCode: reply.code });
}
