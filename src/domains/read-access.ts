// Who may read a mailbox: decided here once, for every endpoint and tool (interface §5).
// Public domains are readable by anyone who knows the address; a key sent with them is ignored.
import { AppError } from '../errors.js';
import type { Address } from '../mail/address.js';
import type { DomainRegistry } from './domain-registry.js';

export interface Credentials {
  bearer: string | null;
}

export async function authorizeRead(registry: DomainRegistry, mailbox: Address, _credentials: Credentials): Promise<void> {
  const kind = await registry.kindOf(mailbox.domain);
  if (kind === null) throw new AppError('unknown_domain');
}
