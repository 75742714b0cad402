// GET /api/v1/message/{id}/codes: the likely one-time codes and the links of one stored message, by the
// same extraction as the agent tools (D24), under the same access rule as the message. The message read
// (§4.2) keeps its shape; this is a read of its own, asked for only by whoever wants the codes (the page
// when it opens a message), and like the raw source it does not set seen.
import { AppError } from '../errors.js';
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import type { MessageRequest } from './read-message.js';
import { codesAndLinksOf, type MessageCodesView } from './views.js';

export function createReadCodes(deps: InboxDeps) {
  return async function readCodes(caller: Caller, request: MessageRequest): Promise<MessageCodesView> {
    const mailbox = requireAddress(request.mailbox);
    const id = requireId(request.id, 'id');
    await admit(deps, caller, mailbox);
    const record = await deps.store.getMessage(mailbox.address, id, deps.clock.now());
    if (record === null) throw new AppError('not_found', 'No such message in this mailbox.');
    return { id, ...codesAndLinksOf(record) };
  };
}
