// The gate every operation passes once its input has the right form (checked by the edge against the
// operation's schema: 400), in this order: who is asking (identifyCaller: the bearer key, looked up), the
// request charged to the rate limits (chargeRequest: 429, D17), then whether the caller may use the
// mailbox (authorizeMailbox: 404, 401, 402, 403; D11–D14). Limits come before access so that guessing keys
// or domains is throttled like any other request.
import { authorizeMailbox } from '../../access/authorize-mailbox.js';
import { identifyCaller, type ResolvedBearer } from '../../access/identify-caller.js';
import type { DomainKind } from '../../domains/domain-registry.js';
import { AppError } from '../../errors.js';
import { requestLimits } from '../../limits/request-limits.js';
import type { LimitVerdict } from '../../limits/rate-limiter.js';
import type { Address } from '../../mail/address.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';

/** The RateLimit-* headers of a verdict, as name, value, name, value: the names in lower case, as a
 * flat list for `writeHead` (the pollers' path, issue 15). */
export function rateLimitHeaderList(verdict: LimitVerdict): string[] {
  return [
    'ratelimit-limit',
    String(verdict.limit),
    'ratelimit-remaining',
    String(Math.max(0, verdict.remaining)),
    'ratelimit-reset',
    String(Math.ceil(verdict.resetMs / 1000)),
  ];
}

const CANONICAL: Readonly<Record<string, string>> = {
  'ratelimit-limit': 'RateLimit-Limit',
  'ratelimit-remaining': 'RateLimit-Remaining',
  'ratelimit-reset': 'RateLimit-Reset',
};

export function rateLimitHeaders(verdict: LimitVerdict): Record<string, string> {
  const list = rateLimitHeaderList(verdict);
  const headers: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) headers[CANONICAL[list[i]!]!] = list[i + 1]!;
  return headers;
}

/** D17: the client is the live API key when one is sent, else the network. An unknown key is not an
 * identity: counting it would let anyone mint fresh budgets with made-up keys. */
function clientOf(caller: Caller, bearer: ResolvedBearer): string {
  return bearer.state === 'live' ? `key:${bearer.keyId}` : `net:${caller.network}`;
}

type GateDeps = Pick<InboxDeps, 'limiter' | 'domains' | 'directory' | 'clock'>;

/** Spends one request of the client's budget (and of the address's, if named), or refuses with 429. */
async function chargeRequest(deps: GateDeps, caller: Caller, bearer: ResolvedBearer, address?: string): Promise<void> {
  let verdict: LimitVerdict;
  try {
    verdict = await deps.limiter.consume(requestLimits(clientOf(caller, bearer), address));
  } catch {
    // A shared limiter that cannot be reached refuses rather than waves everyone through: the limits
    // protect the service exactly when something is already wrong.
    throw new AppError('unavailable', 'Rate limits cannot be checked right now; retry shortly.', {
      retryAfterSeconds: 5,
    });
  }
  if (!verdict.allowed) {
    throw new AppError('rate_limited', undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
      headers: rateLimitHeaders(verdict),
    });
  }
  caller.onAdmitted?.(verdict);
}

/** The gate of a request on no mailbox: identified and charged. */
export async function gateRequest(deps: GateDeps, caller: Caller, address?: string): Promise<ResolvedBearer> {
  const bearer = await identifyCaller(deps.directory, caller.bearer);
  await chargeRequest(deps, caller, bearer, address);
  return bearer;
}

/** The gate of every operation on one mailbox; returns the kind of its domain. */
export async function gateMailbox(deps: GateDeps, caller: Caller, mailbox: Address): Promise<DomainKind> {
  const bearer = await gateRequest(deps, caller, mailbox.address);
  return authorizeMailbox(deps, mailbox, bearer);
}

/** Asks again whether the caller may still read the mailbox, without spending a request: a live stream
 * re-checks this as it goes, so a revoked key or a newly closed domain ends it (D12–D14). */
export async function recheckMailbox(deps: GateDeps, caller: Caller, mailbox: Address): Promise<void> {
  await authorizeMailbox(deps, mailbox, await identifyCaller(deps.directory, caller.bearer));
}
