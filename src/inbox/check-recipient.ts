// RCPT TO: may this address receive mail here? Invalid addresses are refused (D7); the domain policy
// decides the rest (D9, D11, D15). An accepted recipient carries what its delivery must do.
import { decideRecipient, type RecipientVerdict } from '../domains/recipient-policy.js';
import { parseAddress, type Address } from '../mail/address.js';
import type { InboxDeps } from './shared/deps.js';

export interface AcceptedRecipient {
  address: Address;
  /** Connect the address's domain as an own domain on delivery (D11). */
  connect: boolean;
  /** The account whose premium quota the delivery counts against (D15). */
  chargeTo: string | null;
}

export type RecipientCheck =
  | { verdict: { action: 'accept' }; recipient: AcceptedRecipient }
  | { verdict: Exclude<RecipientVerdict, { action: 'accept' }> | { action: 'reject'; reason: 'invalid_address' } };

export function createCheckRecipient(deps: Pick<InboxDeps, 'domains' | 'directory' | 'mx' | 'clock'>) {
  /** `accepted` are the recipients already accepted in this SMTP transaction. */
  return async function checkRecipient(input: string, accepted: readonly AcceptedRecipient[]): Promise<RecipientCheck> {
    const address = parseAddress(input);
    if (address === null) return { verdict: { action: 'reject', reason: 'invalid_address' } };
    const verdict = await decideRecipient(deps, address, accepted);
    if (verdict.action !== 'accept') return { verdict };
    return {
      verdict: { action: 'accept' },
      recipient: { address, connect: verdict.connect, chargeTo: verdict.chargeTo },
    };
  };
}
