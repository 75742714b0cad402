// GET /api/v1/attachment/{id}: the bytes of one attachment, under the same access rule as its message.
// Reading an attachment does not set seen (D3). An attachment is decoded from its range of the raw
// source (D29; the decode at the message's first read confirmed that range gives its exact bytes).
import { AppError } from '../errors.js';
import { decodePartBody } from '../mail/part-body.js';
import type { AttachmentRecord } from '../store/message-store.js';
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import type { MessageRequest } from './read-message.js';

export function createDownloadAttachment(deps: InboxDeps) {
  return async function downloadAttachment(caller: Caller, request: MessageRequest): Promise<AttachmentRecord & { content: Uint8Array }> {
    const mailbox = requireAddress(request.mailbox);
    const id = requireId(request.id, 'id');
    await admit(deps, caller, mailbox);
    const attachment = await deps.store.getAttachment(mailbox.address, id, deps.clock.now());
    if (attachment === null) throw new AppError('not_found', 'No such attachment in this mailbox.');
    const { bytes, decoder, ...record } = attachment;
    return { ...record, content: decoder === null ? bytes : decodePartBody(bytes, decoder) };
  };
}
