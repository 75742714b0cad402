// Creating an inbox (the create_inbox tool, D24): a fresh address with a random local part (60 bits from
// the crypto generator, after `prefix-` when given) on a domain this caller may use, public by default.
// No mail is needed first. On a premium domain it reserves the address to the caller's account (D14),
// through the same access rule as every read.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { normaliseDomain, parseAddress } from '../mail/address.js';
import { RETENTION_MS, type InboxDeps } from './shared/deps.js';
import { domain, prefix } from './shared/fields.js';
import { gateMailbox } from './shared/gate.js';
import { operation } from './shared/operation.js';
import { createdInboxSchema } from './shared/view-schemas.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 12 characters of base32: 60 bits from the crypto generator (D24 asks for at least 50). */
export function randomLocalPart(): string {
  return [...randomBytes(12)].map((byte) => BASE32[byte & 31]).join('');
}

export const createInbox = (deps: InboxDeps) =>
  operation({
    name: 'createInbox',
    input: z.object({ domain: domain.optional(), prefix: prefix.optional() }),
    output: createdInboxSchema,
    run: async (caller, input) => {
      const on = input.domain === undefined ? deps.domains.publicDomains()[0] : normaliseDomain(input.domain);
      const address =
        on == null
          ? null
          : parseAddress(
              `${input.prefix === undefined ? '' : `${input.prefix.toLowerCase()}-`}${randomLocalPart()}@${on}`,
            );
      if (address === null) throw new AppError('invalid_parameter', 'domain is not a valid mail domain.');
      const kind = await gateMailbox(deps, caller, address);
      return {
        address: address.address,
        domain_kind: kind,
        publicly_readable: kind === 'public' || kind === 'own',
        expires_after_seconds: RETENTION_MS / 1000,
      };
    },
  });
