// Reading one SMTP command line (RFC 5321 §4.1): its verb, and for MAIL and RCPT the path in angle brackets
// and the parameters after it (RFC 5321 §4.1.2, xtext of RFC 3461 §4). Pure: the session decides the replies.
import { MAX_MESSAGE_BYTES, protocol, type SmtpReply } from './replies.js';

export interface CommandLine {
  /** Upper case: `MAIL`, `RCPT`, `EHLO`, … */
  verb: string;
  /** What follows the verb and one space, as sent. */
  arg: string;
}

export function parseCommandLine(line: string): CommandLine {
  const space = line.indexOf(' ');
  if (space < 0) return { verb: line.toUpperCase(), arg: '' };
  return { verb: line.slice(0, space).toUpperCase(), arg: line.slice(space + 1).trim() };
}

export type PathResult = { address: string } | { refusal: SmtpReply };

// RFC 5321 §4.1.2 and appendix C: a source route ("@relay.example:") is accepted and ignored.
const SOURCE_ROUTE = /^@[^\s,:@]+(?:,@[^\s,:@]+)*:/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const CONTROL = /[\u0000-\u001f\u007f]/;
const PATH = /^(FROM|TO):\s*<([^<>]*)>(.*)$/i;

/** The parameters after the path: `KEY=value` or `KEY`, upper-cased keys, xtext decoded; null if repeated or
 * holding control characters. */
function parameters(text: string): Map<string, string | true> | null {
  const found = new Map<string, string | true>();
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const equals = word.indexOf('=');
    const key = (equals < 0 ? word : word.slice(0, equals)).toUpperCase();
    if (key === '' || found.has(key)) return null;
    const value =
      equals < 0
        ? true
        : word
            .slice(equals + 1)
            .replace(/\+([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (value !== true && CONTROL.test(value)) return null;
    found.set(key, value);
  }
  return found;
}

/** `MAIL FROM:<path> params`: the sender (empty for the null sender of D8), or the refusal. Parameters of
 * RFC 1870 (SIZE), RFC 6152 (BODY) and RFC 6531 (SMTPUTF8) are known; a declared SIZE over the limit is
 * refused here, before any data. */
export function parseMailFrom(arg: string): PathResult {
  const match = PATH.exec(arg);
  if (match === null || match[1]!.toUpperCase() !== 'FROM') return { refusal: protocol.senderSyntax };
  const address = match[2]!.replace(SOURCE_ROUTE, '');
  if (address !== '' && !plausibleAddress(address)) return { refusal: protocol.senderSyntax };
  const params = parameters(match[3]!);
  if (params === null) return { refusal: protocol.parameterSyntax };
  for (const [key, value] of params) {
    if (key === 'SIZE') {
      if (value === true || !/^\d{1,20}$/.test(value)) return { refusal: protocol.parameterSyntax };
      if (Number(value) > MAX_MESSAGE_BYTES) return { refusal: protocol.declaredTooLarge };
    } else if (key === 'BODY') {
      if (value === true || !/^(7BIT|8BITMIME)$/i.test(value)) return { refusal: protocol.parameterSyntax };
    } else if (key === 'SMTPUTF8') {
      if (value !== true) return { refusal: protocol.parameterSyntax };
    } else return { refusal: protocol.unsupportedParameter };
  }
  return { address };
}

/** `RCPT TO:<path>`: the recipient as written, for the recipient policy to judge (D7), or the refusal. No
 * RCPT parameter is offered (no DSN), so any is refused. */
export function parseRcptTo(arg: string): PathResult {
  const match = PATH.exec(arg);
  if (match === null || match[1]!.toUpperCase() !== 'TO') return { refusal: protocol.recipientSyntax };
  const address = match[2]!.replace(SOURCE_ROUTE, '');
  if (address === '' || CONTROL.test(address)) return { refusal: protocol.recipientSyntax };
  const params = parameters(match[3]!);
  if (params === null) return { refusal: protocol.parameterSyntax };
  if (params.size > 0) return { refusal: protocol.unsupportedParameter };
  return { address };
}

/** A sender is only recorded (D8 names it), never delivered to: a local part, an @ and a domain, no spaces
 * or control characters, at most 254 octets of path (RFC 5321 §4.5.3.1.3). */
function plausibleAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  return (
    at > 0 &&
    at < address.length - 1 &&
    Buffer.byteLength(address) <= 254 &&
    !/\s/.test(address) &&
    !CONTROL.test(address)
  );
}
