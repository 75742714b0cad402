// GET /api/v1/attachment/{id}: the bytes of one attachment, under the same access rule as its message.
// Reading an attachment does not set seen (D3).
import { AppError } from '../errors.js';
import type { AttachmentContent } from '../store/message-store.js';
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import type { MessageRequest } from './read-message.js';

export function createDownloadAttachment(deps: InboxDeps) {
  return async function downloadAttachment(caller: Caller, request: MessageRequest): Promise<AttachmentContent> {
    const mailbox = requireAddress(request.mailbox);
    const id = requireId(request.id, 'id');
    await admit(deps, caller, mailbox);
    const attachment = await deps.store.getAttachment(mailbox.address, id, deps.clock.now());
    if (attachment === null) throw new AppError('not_found', 'No such attachment in this mailbox.');
    return attachment;
  };
}
