// A stored message read in full by a test, decoded first as its first read would decode it (D29), for
// tests that need what only a decode gives (attachment ids) without reading it through the API, which
// would set seen (D3).
import { ulid } from 'ulid';
import { loadMessage } from '../../src/inbox/shared/load-message.js';
import { inlineMailParser } from '../../src/mail/parser-pool.js';
import type { MessageRecord, MessageStore } from '../../src/store/message-store.js';

export async function decodedMessage(
  store: MessageStore,
  mailbox: string,
  id: string,
  now: number,
): Promise<MessageRecord | null> {
  const stored = await store.getMessage(mailbox, id, now);
  return stored === null
    ? null
    : loadMessage({ store, parser: inlineMailParser(), newId: () => ulid(now) }, stored, now);
}
