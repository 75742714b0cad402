// Deleting one message (DELETE /api/v1/message/{id}, the delete_message tool): idempotent (D1), answered
// deleted: true whether the message existed, was deleted before or has expired.
import type { InboxDeps } from './shared/deps.js';
import { addressOf } from './shared/fields.js';
import { gateMailbox } from './shared/gate.js';
import { onOneMessage } from './shared/stored-message.js';
import { deleteResponseSchema } from './shared/view-schemas.js';

export const deleteMessage = (deps: InboxDeps) =>
  onOneMessage('deleteMessage', deleteResponseSchema, async (caller, { address, id }) => {
    const mailbox = addressOf(address);
    await gateMailbox(deps, caller, mailbox);
    await deps.store.deleteMessage(mailbox.address, id);
    return { deleted: true, id };
  });
