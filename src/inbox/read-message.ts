// GET /api/v1/message/{id}: one message in full; reading it sets seen (D3), and the answer shows that.
import { AppError } from '../errors.js';
import { admittedMessage, type MessageRequest } from './admitted-message.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import { messageView, type MessageView } from './views.js';

export type { MessageRequest } from './admitted-message.js';

export function createReadMessage(deps: InboxDeps) {
  return async function readMessage(caller: Caller, request: MessageRequest): Promise<MessageView> {
    const { mailbox, id, now, record } = await admittedMessage(deps, caller, request);
    // Reading sets seen (D3); a message already seen costs no write.
    if (!record.seen && !(await deps.store.markSeen(mailbox.address, id, now))) throw new AppError('not_found', 'No such message in this mailbox.');
    return messageView({ ...record, seen: true }, deps.baseUrl());
  };
}
