// The last step of the gate of every operation on one mailbox: may this caller read it (or create it, on
// the premium pool)? Decided here once, for every endpoint and tool (interface §5, D11–D14).
//   public and open own domains: anyone who knows the address; a key sent with them is ignored.
//   closed own domains (D12): its domain key, or a live API key of the account it is closed to; else 401.
//   premium pool (D14): no key 402; unknown or revoked key 403; no active premium plan 402; the address
//   held by another account 403; otherwise the address is (or becomes) this account's.
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { Address } from '../mail/address.js';
import { kindName, type DomainKind, type DomainRegistry } from '../domains/domain-registry.js';
import type { DirectoryStore, DomainClosure } from '../store/directory-store.js';
import type { ResolvedBearer } from './identify-caller.js';
import { hasActivePremium } from './plans.js';
import { matchesDigest } from './secret-keys.js';

export interface AccessDeps {
  domains: DomainRegistry;
  directory: DirectoryStore;
  clock: Clock;
}

/** D12: the challenge sent with every 401. */
export const BEARER_CHALLENGE = 'Bearer realm="inboxd"';

function unauthorized(): AppError {
  return new AppError('unauthorized', undefined, { headers: { 'WWW-Authenticate': BEARER_CHALLENGE } });
}

function opensClosedDomain(closure: DomainClosure, bearer: ResolvedBearer): boolean {
  if (closure.kind === 'account') return bearer.state === 'live' && bearer.account.id === closure.accountId;
  return bearer.state !== 'none' && matchesDigest(bearer.presented, closure.digest);
}

async function authorizePremium(deps: AccessDeps, mailbox: Address, bearer: ResolvedBearer): Promise<void> {
  if (bearer.state === 'none') throw new AppError('payment_required');
  if (bearer.state !== 'live') throw new AppError('forbidden', 'This key is not a live API key.');
  if (!hasActivePremium(bearer.account, deps.clock.now()))
    throw new AppError('payment_required', 'This account has no active premium plan.');
  const holder =
    (await deps.directory.reservationOf(mailbox.address)) ??
    (await deps.directory.reserveAddress(mailbox.address, bearer.account.id, deps.clock.now()));
  if (holder !== bearer.account.id) throw new AppError('forbidden', 'This address is reserved by another account.');
}

/** Throws the refusal of D11–D14, or returns the kind of the mailbox's domain. */
export async function authorizeMailbox(
  deps: AccessDeps,
  mailbox: Address,
  bearer: ResolvedBearer,
): Promise<DomainKind> {
  const hosted = await deps.domains.lookup(mailbox.domain);
  if (hosted === null) throw new AppError('unknown_domain');
  if (hosted.kind === 'premium') await authorizePremium(deps, mailbox, bearer);
  if (hosted.kind === 'own' && hosted.record.closure !== null && !opensClosedDomain(hosted.record.closure, bearer)) {
    throw unauthorized();
  }
  return kindName(hosted);
}
