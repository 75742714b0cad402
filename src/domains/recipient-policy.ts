// The RCPT-time decision for one recipient, as a verdict the SMTP edge turns into a reply (Haraka-style:
// accept, reject or defer, kept apart from the reply text). Hosted domains are accepted; a domain not
// hosted yet is accepted when its MX points here and is connected by the delivery (D11); premium-pool
// addresses reserved by an account are deferred once its monthly quota is used up (D15).
import { usageMonth } from '../access/plans.js';
import type { Clock } from '../clock.js';
import type { Address } from '../mail/address.js';
import type { DirectoryStore } from '../store/directory-store.js';
import type { DomainRegistry } from './domain-registry.js';
import type { MxCheck } from './mx-check.js';

export type RecipientVerdict =
  | {
      action: 'accept';
      /** The domain is not connected yet and its MX points here: the delivery connects it (D11). */
      connect: boolean;
      /** The account whose premium quota this message counts against (D15). */
      chargeTo: string | null;
    }
  | { action: 'reject'; reason: 'unknown_domain' }
  | { action: 'defer'; reason: 'lookup_failed' | 'over_quota' };

export interface RecipientPolicyDeps {
  domains: DomainRegistry;
  directory: DirectoryStore;
  mx: MxCheck;
  clock: Clock;
}

/** `accepted` are the recipients already accepted in this transaction, which count toward the quota. */
export async function decideRecipient(
  deps: RecipientPolicyDeps,
  recipient: Address,
  accepted: readonly { chargeTo: string | null }[],
): Promise<RecipientVerdict> {
  const hosted = await deps.domains.lookup(recipient.domain);
  if (hosted === null) {
    const mx = await deps.mx.check(recipient.domain);
    if (mx === 'failed') return { action: 'defer', reason: 'lookup_failed' };
    if (mx === 'elsewhere') return { action: 'reject', reason: 'unknown_domain' };
    return { action: 'accept', connect: true, chargeTo: null };
  }
  if (hosted.kind !== 'premium') return { action: 'accept', connect: false, chargeTo: null };
  const holder = await deps.directory.reservationOf(recipient.address);
  const account = holder === null ? null : await deps.directory.getAccount(holder);
  if (account === null) return { action: 'accept', connect: false, chargeTo: null };
  const pending = accepted.filter((r) => r.chargeTo === account.id).length;
  const used = (await deps.directory.usageOf(account.id, usageMonth(deps.clock.now()))) + pending;
  if (used >= account.monthlyQuota) return { action: 'defer', reason: 'over_quota' };
  return { action: 'accept', connect: false, chargeTo: account.id };
}
