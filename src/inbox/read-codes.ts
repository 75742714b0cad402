// The likely one-time codes and the links of one stored message (GET /api/v1/message/{id}/codes), by the
// same extraction as the agent tools (D24), under the same access rule as the message. The message read
// (§4.2) keeps its shape; this is a read of its own, asked for only by whoever wants the codes (the page
// when it opens a message), and like the raw source it does not set seen.
import type { InboxDeps } from './shared/deps.js';
import { onOneMessage, readStoredMessage } from './shared/stored-message.js';
import { messageCodesSchema } from './shared/view-schemas.js';
import { codesAndLinksOf } from './shared/views.js';

export const readCodes = (deps: InboxDeps) =>
  onOneMessage('readCodes', messageCodesSchema, async (caller, ref) => {
    const { record } = await readStoredMessage(deps, caller, ref);
    return { id: record.id, ...codesAndLinksOf(record) };
  });
