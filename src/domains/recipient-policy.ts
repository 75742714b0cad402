// The RCPT-time decision for one recipient, as a verdict the SMTP edge turns into a reply (Haraka-style:
// accept, reject or defer, kept apart from the reply text).
import type { Address } from '../mail/address.js';
import type { DomainRegistry } from './domain-registry.js';

export type RecipientVerdict = { action: 'accept' } | { action: 'reject'; reason: 'unknown_domain' } | { action: 'defer'; reason: 'lookup_failed' };

export async function decideRecipient(registry: DomainRegistry, recipient: Address): Promise<RecipientVerdict> {
  const kind = await registry.kindOf(recipient.domain);
  if (kind === null) return { action: 'reject', reason: 'unknown_domain' };
  return { action: 'accept' };
}
