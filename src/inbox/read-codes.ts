// GET /api/v1/message/{id}/codes: the likely one-time codes and the links of one stored message, by the
// same extraction as the agent tools (D24), under the same access rule as the message. The message read
// (§4.2) keeps its shape; this is a read of its own, asked for only by whoever wants the codes (the page
// when it opens a message), and like the raw source it does not set seen.
import { admittedMessage, type MessageRequest } from './admitted-message.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import { codesAndLinksOf, type MessageCodesView } from './views.js';

export function createReadCodes(deps: InboxDeps) {
  return async function readCodes(caller: Caller, request: MessageRequest): Promise<MessageCodesView> {
    const { id, record } = await admittedMessage(deps, caller, request);
    return { id, ...codesAndLinksOf(record) };
  };
}
