// The bytes of one attachment (GET /api/v1/attachment/{id}), under the same access rule as its message.
// Reading an attachment does not set seen (D3). An attachment is decoded from its range of the raw
// source (D29; the decode at the message's first read confirmed that range gives its exact bytes).
import { decodePartBody } from '../mail/part-body.js';
import type { InboxDeps } from './shared/deps.js';
import { onOneMessage, readStored } from './shared/stored-message.js';
import { downloadSchema } from './shared/view-schemas.js';

export const downloadAttachment = (deps: InboxDeps) =>
  onOneMessage('downloadAttachment', downloadSchema, async (caller, ref) => {
    const read = (mailbox: string, id: string, now: number) => deps.store.getAttachment(mailbox, id, now);
    const { found } = await readStored(deps, caller, ref, read, 'No such attachment in this mailbox.');
    const content = found.decoder === null ? found.bytes : decodePartBody(found.bytes, found.decoder);
    return { filename: found.filename, content };
  });
