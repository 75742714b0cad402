// The create_inbox tool (D24): a fresh address with a random local part (60 bits from the crypto
// generator, after `prefix-` when given) on a domain this caller may use, public by default. No mail is
// needed first. On a premium domain it reserves the address to the caller's account (D14), through the
// same access rule as every read.
import { randomBytes } from 'node:crypto';
import type { DomainKind } from '../domains/domain-registry.js';
import { AppError } from '../errors.js';
import { normaliseDomain, parseAddress } from '../mail/address.js';
import { admit } from './admit.js';
import type { Caller } from './caller.js';
import { RETENTION_MS, type InboxDeps } from './deps.js';

export interface CreateInboxRequest {
  domain?: unknown;
  prefix?: unknown;
}

export interface CreatedInbox {
  address: string;
  domain_kind: DomainKind;
  publicly_readable: boolean;
  /** How long each message stays after it arrives (D4). */
  expires_after_seconds: number;
}

const PREFIX = /^[a-z0-9](?:[a-z0-9._-]{0,30}[a-z0-9])?$/;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 12 characters of base32: 60 bits from the crypto generator (D24 asks for at least 50). */
export function randomLocalPart(): string {
  return [...randomBytes(12)].map((byte) => BASE32[byte & 31]).join('');
}

export function createCreateInbox(deps: InboxDeps) {
  return async function createInbox(caller: Caller, request: CreateInboxRequest): Promise<CreatedInbox> {
    const domain =
      request.domain === undefined ? deps.domains.publicDomains()[0] : typeof request.domain === 'string' ? normaliseDomain(request.domain) : null;
    if (domain === null || domain === undefined) throw new AppError('invalid_parameter', 'domain is not a valid mail domain.');
    let prefix = '';
    if (request.prefix !== undefined) {
      const given = typeof request.prefix === 'string' ? request.prefix.toLowerCase() : '';
      if (!PREFIX.test(given) || given.includes('..')) {
        throw new AppError('invalid_parameter', 'prefix must be 1 to 32 letters, digits, dots, dashes or underscores, starting and ending with a letter or digit.');
      }
      prefix = `${given}-`;
    }
    const address = parseAddress(`${prefix}${randomLocalPart()}@${domain}`);
    if (address === null) throw new AppError('invalid_parameter', 'domain is not a valid mail domain.');
    const kind = await admit(deps, caller, address);
    return {
      address: address.address,
      domain_kind: kind,
      publicly_readable: kind === 'public' || kind === 'own',
      expires_after_seconds: RETENTION_MS / 1000,
    };
  };
}
