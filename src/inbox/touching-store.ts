// The message store as the use cases see it: every write that changes what a list of a mailbox shows
// moves that mailbox's version on (P37) after its commit: a delivery (D9: each recipient's mailbox), a
// delete (D1), a seen flag (D3, and a wait's claim, D24), a first decode that corrected the summary the
// structural scan gave (D29, P38). A cached page or a client's ETag of the mailbox
// is then never used again. Expiry (D4) moves nothing: a page holds when its first message expires.
//
// A touch that fails (a shared version store out of reach) fails the call, though the write committed: the
// sender is told 451 and sends again, a deleting client retries (D1), so the change is not left
// unannounced; the touch is also retried here until it passes.
import { AppError } from '../errors.js';
import type { MailEvents } from '../events/mail-events.js';
import type { MessageStore } from '../store/message-store.js';

const RETRY_MS = 1000;

export function touchingStore(store: MessageStore, events: Pick<MailEvents, 'touch'>): MessageStore {
  const pending = new Set<string>();
  let retry: NodeJS.Timeout | undefined;

  function retryLater(): void {
    retry ??= setTimeout(() => {
      retry = undefined;
      const mailboxes = [...pending];
      pending.clear();
      events.touch(mailboxes).catch(() => {
        for (const m of mailboxes) pending.add(m);
        retryLater();
      });
    }, RETRY_MS);
    retry.unref();
  }

  async function touch(mailboxes: string[]): Promise<void> {
    try {
      await events.touch(mailboxes);
    } catch (error) {
      for (const m of mailboxes) pending.add(m);
      retryLater();
      // 503 with Retry-After to an API client, 451 to a sender (deliver.ts): both come back.
      throw new AppError('unavailable', 'The change was saved but could not be announced yet; retry shortly.', { retryAfterSeconds: 5, cause: error });
    }
  }

  const overrides: Partial<MessageStore> = {
    async saveMail(mail, deliveries) {
      await store.saveMail(mail, deliveries);
      await touch(deliveries.map((d) => d.mailbox));
    },
    async saveDecoded(mailId, decoded) {
      const changed = await store.saveDecoded(mailId, decoded);
      if (changed.length > 0) await touch(changed);
      return changed;
    },
    async markSeen(mailbox, id, now) {
      const found = await store.markSeen(mailbox, id, now);
      if (found) await touch([mailbox]);
      return found;
    },
    async claimUnseen(mailbox, id, now) {
      const taken = await store.claimUnseen(mailbox, id, now);
      if (taken) await touch([mailbox]);
      return taken;
    },
    async deleteMessage(mailbox, id) {
      await store.deleteMessage(mailbox, id);
      await touch([mailbox]);
    },
    close: () => {
      if (retry !== undefined) clearTimeout(retry);
      return store.close();
    },
  };
  // Every other method is the store's own, whatever the store adds later.
  return new Proxy(store, {
    get: (target, property, receiver) => (Object.hasOwn(overrides, property) ? overrides[property as keyof MessageStore] : Reflect.get(target, property, receiver)),
  });
}
