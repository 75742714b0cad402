// The gate every API operation passes, in this order: input form (400), who is asking (the bearer key,
// looked up), rate limits (429, D17), then who may read the mailbox (404, 401, 402, 403: D11–D14).
// Limits come before access so that guessing keys or domains is throttled like any other request.
import { resolveBearer, type ResolvedBearer } from '../accounts/bearer.js';
import { authorizeRead } from '../domains/read-access.js';
import type { DomainKind } from '../domains/domain-registry.js';
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

/** D17: the client is the live API key when one is sent, else the network. An unknown key is not an
 * identity: counting it would let anyone mint fresh budgets with made-up keys. */
function clientOf(caller: Caller, bearer: ResolvedBearer): string {
  return bearer.state === 'live' ? `key:${bearer.keyId}` : `net:${caller.network}`;
}

type AdmitDeps = Pick<InboxDeps, 'limiter' | 'domains' | 'directory' | 'clock'>;

/** Resolves the caller's key and spends one request of its budget (and of the address's, if named). */
export async function admitCaller(deps: AdmitDeps, caller: Caller, address?: string): Promise<ResolvedBearer> {
  const bearer = await resolveBearer(deps.directory, caller.bearer);
  let verdict: LimitVerdict;
  try {
    verdict = await deps.limiter.consume(requestLimits(clientOf(caller, bearer), address));
  } catch {
    // A shared limiter that cannot be reached refuses rather than waves everyone through: the limits
    // protect the service exactly when something is already wrong.
    throw new AppError('unavailable', 'Rate limits cannot be checked right now; retry shortly.', { retryAfterSeconds: 5 });
  }
  if (!verdict.allowed) {
    throw new AppError('rate_limited', undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
      headers: rateLimitHeaders(verdict),
    });
  }
  caller.onAdmitted?.(verdict);
  return bearer;
}

/** The gate of every operation on one mailbox; returns the kind of its domain. */
export async function admit(deps: AdmitDeps, caller: Caller, mailbox: Address): Promise<DomainKind> {
  const bearer = await admitCaller(deps, caller, mailbox.address);
  return authorizeRead(deps, mailbox, bearer);
}

/** Asks again whether the caller may still read the mailbox, without spending a request: a live stream
 * re-checks this as it goes, so a revoked key or a newly closed domain ends it (D12–D14). */
export async function recheckAccess(deps: AdmitDeps, caller: Caller, mailbox: Address): Promise<void> {
  await authorizeRead(deps, mailbox, await resolveBearer(deps.directory, caller.bearer));
}
