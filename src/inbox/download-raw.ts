// GET /api/v1/message/{id}/raw: the message's source exactly as it arrived over SMTP, under the same
// access rule as the message. Like an attachment download it does not set seen (D3).
import { AppError } from '../errors.js';
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import type { MessageRequest } from './read-message.js';

export interface RawMessage {
  id: string;
  content: Uint8Array;
}

export function createDownloadRaw(deps: InboxDeps) {
  return async function downloadRaw(caller: Caller, request: MessageRequest): Promise<RawMessage> {
    const mailbox = requireAddress(request.mailbox);
    const id = requireId(request.id, 'id');
    await admit(deps, caller, mailbox);
    const content = await deps.store.getRaw(mailbox.address, id, deps.clock.now());
    if (content === null) throw new AppError('not_found', 'No such message in this mailbox.');
    return { id, content };
  };
}
