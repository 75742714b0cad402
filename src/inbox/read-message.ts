// GET /api/v1/message/{id}: one message in full; reading it sets seen (D3), and the answer shows that.
import { AppError } from '../errors.js';
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import { messageView, type MessageView } from './views.js';

export interface MessageRequest {
  mailbox: unknown;
  id: unknown;
}

export function createReadMessage(deps: InboxDeps) {
  return async function readMessage(caller: Caller, request: MessageRequest): Promise<MessageView> {
    const mailbox = requireAddress(request.mailbox);
    const id = requireId(request.id, 'id');
    await admit(deps, caller, mailbox);
    const now = deps.clock.now();
    const record = await deps.store.getMessage(mailbox.address, id, now);
    if (record === null) throw new AppError('not_found', 'No such message in this mailbox.');
    // Reading sets seen (D3); a message already seen costs no write.
    if (!record.seen && !(await deps.store.markSeen(mailbox.address, id, now))) throw new AppError('not_found', 'No such message in this mailbox.');
    return messageView({ ...record, seen: true }, deps.baseUrl());
  };
}
