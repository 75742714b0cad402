// The mailboxes that a wait in this process (wait_for_message, the HTTP wait) is waiting on, counted (P52).
// A message delivered to one of them is decoded while its commit is being made (deliver.ts,
// load-message.ts), so the woken wait finds its decode done or under way instead of starting it. Only
// waits count: a live stream shows summaries and never reads a message's content. Kept per store, as the
// decodes under way are, so two services in one process (tests) never see each other's waits.
import type { MessageStore } from '../../store/message-store.js';
import { holdKey } from './counted-keys.js';

const awaited = new WeakMap<MessageStore, Map<string, number>>();

/** Counts a wait on `mailbox` until the returned function is called (once; later calls do nothing). */
export function awaitMailbox(store: MessageStore, mailbox: string): () => void {
  let counts = awaited.get(store);
  if (counts === undefined) awaited.set(store, (counts = new Map()));
  return holdKey(counts, mailbox);
}

/** Whether a wait in this process is waiting on `mailbox` now. */
export function isAwaited(store: MessageStore, mailbox: string): boolean {
  return awaited.get(store)?.has(mailbox) === true;
}
