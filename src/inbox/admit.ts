// The gate every read operation passes, in this order: input form (400), rate limits (429, D17), then
// who may read the mailbox (404 unknown_domain, later 401/402/403). Limits come before access so that
// guessing keys or domains is throttled like any other request.
import { authorizeRead } from '../domains/read-access.js';
import { AppError } from '../errors.js';
import { requestLimits } from '../limits/request-limits.js';
import type { LimitVerdict } from '../limits/rate-limiter.js';
import { parseAddress, type Address } from '../mail/address.js';
import { isId } from '../mail/ids.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';

export function rateLimitHeaders(verdict: LimitVerdict): Record<string, string> {
  return {
    'RateLimit-Limit': String(verdict.limit),
    'RateLimit-Remaining': String(Math.max(0, verdict.remaining)),
    'RateLimit-Reset': String(Math.ceil(verdict.resetMs / 1000)),
  };
}

export function requireAddress(value: unknown): Address {
  const address = parseAddress(value);
  if (address === null) throw new AppError('invalid_address');
  return address;
}

export function requireId(value: unknown, name: string): string {
  if (!isId(value)) throw new AppError('invalid_parameter', `${name} is not a valid id.`);
  return value;
}

export async function admit(deps: Pick<InboxDeps, 'limiter' | 'domains'>, caller: Caller, mailbox: Address): Promise<void> {
  const verdict = await deps.limiter.consume(requestLimits(caller.clientId, mailbox.address));
  if (!verdict.allowed) {
    throw new AppError('rate_limited', undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
      headers: rateLimitHeaders(verdict),
    });
  }
  caller.onAdmitted?.(verdict);
  await authorizeRead(deps.domains, mailbox, { bearer: caller.bearer });
}
