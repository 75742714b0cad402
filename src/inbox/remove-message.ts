// DELETE /api/v1/message/{id}: idempotent (D1): 200 whether the message existed, was deleted or expired.
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import type { MessageRequest } from './read-message.js';

export function createRemoveMessage(deps: InboxDeps) {
  return async function removeMessage(caller: Caller, request: MessageRequest): Promise<{ deleted: true; id: string }> {
    const mailbox = requireAddress(request.mailbox);
    const id = requireId(request.id, 'id');
    await admit(deps, caller, mailbox);
    await deps.store.deleteMessage(mailbox.address, id);
    return { deleted: true, id };
  };
}
