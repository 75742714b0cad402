// Reading one message in full (GET /api/v1/message/{id}, the read_message tool): reading sets seen (D3),
// and the answer shows that. The agent tool's answer adds the message's likely codes and links (D24).
import { AppError } from '../errors.js';
import type { Caller } from './shared/caller.js';
import type { InboxDeps } from './shared/deps.js';
import type { MessageRef } from './shared/fields.js';
import { onOneMessage, readStoredMessage } from './shared/stored-message.js';
import { agentMessageSchema, messageSchema, type MessageView } from './shared/view-schemas.js';
import { messageView, withCodesAndLinks } from './shared/views.js';

async function readAndMarkSeen(deps: InboxDeps, caller: Caller, ref: MessageRef): Promise<MessageView> {
  const { mailbox, now, record } = await readStoredMessage(deps, caller, ref);
  // A message already seen costs no write.
  if (!record.seen && !(await deps.store.markSeen(mailbox.address, record.id, now)))
    throw new AppError('not_found', 'No such message in this mailbox.');
  return messageView({ ...record, seen: true }, deps.baseUrl());
}

export const readMessage = (deps: InboxDeps) =>
  onOneMessage('readMessage', messageSchema, (caller, ref) => readAndMarkSeen(deps, caller, ref));

export const readMessageWithCodes = (deps: InboxDeps) =>
  onOneMessage('readMessageWithCodes', agentMessageSchema, async (caller, ref) =>
    withCodesAndLinks(await readAndMarkSeen(deps, caller, ref)),
  );
