// RCPT TO: may this address receive mail here? Invalid addresses are refused (D7), other domains by the
// domain policy (D9).
import { decideRecipient, type RecipientVerdict } from '../domains/recipient-policy.js';
import { parseAddress, type Address } from '../mail/address.js';
import type { InboxDeps } from './deps.js';

export type RecipientCheck = { verdict: RecipientVerdict; address: Address } | { verdict: { action: 'reject'; reason: 'invalid_address' } };

export function createCheckRecipient(deps: Pick<InboxDeps, 'domains'>) {
  return async function checkRecipient(input: string): Promise<RecipientCheck> {
    const address = parseAddress(input);
    if (address === null) return { verdict: { action: 'reject', reason: 'invalid_address' } };
    return { verdict: await decideRecipient(deps.domains, address), address };
  };
}
