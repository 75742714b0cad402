// The message's source exactly as it arrived over SMTP (GET /api/v1/message/{id}/raw), under the same
// access rule as the message. Like an attachment download it does not set seen (D3).
import type { InboxDeps } from './shared/deps.js';
import { onOneMessage, readStored } from './shared/stored-message.js';
import { downloadSchema } from './shared/view-schemas.js';

export const downloadRaw = (deps: InboxDeps) =>
  onOneMessage('downloadRaw', downloadSchema, async (caller, ref) => {
    const { found } = await readStored(deps, caller, ref, (mailbox, id, now) => deps.store.getRaw(mailbox, id, now));
    return { filename: `${ref.id}.eml`, content: found };
  });
