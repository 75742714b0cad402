// E-mail address parsing and normalising (D7): lower case, IDN domains in ASCII (punycode), a dot-atom
// local part of 1–64 characters (UTF-8 allowed for SMTPUTF8), at most 254 characters in all, no quoted
// local parts and no address literals.
import { domainToASCII } from 'node:url';

export interface Address {
  /** The normalised address: local@domain, lower case, domain in ASCII. */
  address: string;
  local: string;
  domain: string;
}

export const MAX_LOCAL_LENGTH = 64;
export const MAX_ADDRESS_LENGTH = 254;

// RFC 5322 §3.2.3 atext, plus any non-ASCII character (RFC 6531 §3.3 extends atext with UTF8-non-ascii).
const ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\u{10FFFF}]+$/u;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
// Control characters, the Unicode line and paragraph separators, and invisible format characters never
// belong in an address, even where the broad non-ASCII range above would let them in.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/u;

const PRINTABLE_ASCII = /^[!-~]*$/;

function charLength(s: string): number {
  return [...s].length;
}

/** Domains seen lately and what they normalise to: a service hosts a few domains and every request and
 * recipient names one, so the IDNA conversion (a tenth of a poll's time in a profile, P39) runs once per
 * domain, not once per request. Bounded: emptied when full, so made-up domains cannot grow it. */
const knownDomains = new Map<string, string | null>();
const KNOWN_DOMAINS_MAX = 4096;

/** Normalises a domain to lower-case ASCII, or returns null when it is not a valid host name. */
export function normaliseDomain(input: string): string | null {
  const known = knownDomains.get(input);
  if (known !== undefined) return known;
  const domain = convertDomain(input);
  if (knownDomains.size >= KNOWN_DOMAINS_MAX) knownDomains.clear();
  knownDomains.set(input, domain);
  return domain;
}

function convertDomain(input: string): string | null {
  const trimmed = input.replace(/\.$/, '');
  if (trimmed.length === 0 || trimmed.startsWith('[') || FORBIDDEN.test(trimmed)) return null;
  const ascii = domainToASCII(trimmed.normalize('NFC').toLowerCase());
  if (ascii === '' || ascii.length > 253) return null;
  const labels = ascii.split('.');
  // RFC 1123 §2.1: the top label of a host name is never all digits, so 192.0.2.1 is no domain name.
  if (labels.length < 2 || /^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return labels.every((l) => LABEL.test(l)) ? ascii : null;
}

/** Parses and normalises an address, or returns null when it is not one we accept. */
export function parseAddress(input: unknown): Address | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_ADDRESS_LENGTH * 4) return null;
  const at = input.lastIndexOf('@');
  if (at <= 0 || at === input.length - 1) return null;
  // Printable ASCII (nearly every address) needs no normalisation, holds no forbidden character, and
  // counts one character per code unit: the checks below skip that work for it.
  const ascii = PRINTABLE_ASCII.test(input);
  const rawLocal = ascii ? input.slice(0, at) : input.slice(0, at).normalize('NFC');
  if ((!ascii && FORBIDDEN.test(rawLocal)) || rawLocal.startsWith('"')) return null;
  const local = rawLocal.toLowerCase();
  if ((ascii ? local.length : charLength(local)) > MAX_LOCAL_LENGTH) return null;
  if (!local.split('.').every((atom) => ATOM.test(atom))) return null;
  const domain = normaliseDomain(input.slice(at + 1));
  if (domain === null) return null;
  const address = `${local}@${domain}`;
  if ((ascii ? address.length : charLength(address)) > MAX_ADDRESS_LENGTH) return null;
  return { address, local, domain };
}
