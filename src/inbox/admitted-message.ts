// The first steps of every read of one stored message: the address and the id of the request, the gate
// (admit.ts), the message from the store (decoded at its first read, load-message.ts), and not_found when
// it is not in that mailbox or has expired.
import { AppError } from '../errors.js';
import type { Address } from '../mail/address.js';
import type { MessageRecord } from '../store/message-store.js';
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import { loadMessage } from './load-message.js';

export interface MessageRequest {
  mailbox: unknown;
  id: unknown;
}

export async function admittedMessage(deps: InboxDeps, caller: Caller, request: MessageRequest): Promise<{ mailbox: Address; id: string; now: number; record: MessageRecord }> {
  const mailbox = requireAddress(request.mailbox);
  const id = requireId(request.id, 'id');
  await admit(deps, caller, mailbox);
  const now = deps.clock.now();
  const stored = await deps.store.getMessage(mailbox.address, id, now);
  if (stored === null) throw new AppError('not_found', 'No such message in this mailbox.');
  return { mailbox, id, now, record: await loadMessage(deps, stored, now) };
}
