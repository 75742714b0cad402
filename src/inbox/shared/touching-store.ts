// The message store and the events as the use cases see them: every write that changes what a list of a
// mailbox shows moves that mailbox's version on (P37) after its commit: a delivery (D9: each recipient's
// mailbox), a delete (D1), a seen flag (D3, and a wait's claim, D24: once the store has decided it, which
// the SQLite store does before the commit, its reads showing it set from then on, P52), a first decode
// that corrected the summary the structural scan gave (D29, P38). A cached page or a client's ETag of the
// mailbox is then never used again. Expiry (D4) moves nothing: a page holds when its first message expires.
//
// A touch that fails (a shared version store out of reach) never fails the write, which has committed:
// answering 451 to a sender whose message is stored would have it sent, and stored, twice (D10), and a
// client told 503 for a delete that happened would be told 404 when it retries. Instead the mailbox is
// kept as pending, its version here is one that matches nothing (so this node neither serves a cached page
// of it nor answers 304 for it), and the touch is retried on the clock until it passes; from then on every
// node sees the new version.
import type { Clock } from '../../clock.js';
import type { MailEvents } from '../../events/mail-events.js';
import type { MessageStore } from '../../store/message-store.js';

const RETRY_MS = 250;

export interface Touching {
  store: MessageStore;
  events: MailEvents;
}

export function withTouches(store: MessageStore, events: MailEvents, clock: Clock): Touching {
  /** Mailboxes whose touch has not passed yet, each with the count of its failed touches. */
  const pending = new Map<string, number>();
  let cancelRetry: (() => void) | undefined;
  let unique = 0;

  function retryLater(): void {
    cancelRetry ??= clock.schedule(RETRY_MS, () => {
      cancelRetry = undefined;
      const tried = [...pending];
      events.touch(tried.map(([m]) => m)).then(
        () => {
          // A mailbox whose touch failed again meanwhile stays pending for the next round.
          for (const [m, failures] of tried) if (pending.get(m) === failures) pending.delete(m);
          if (pending.size > 0) retryLater();
        },
        () => retryLater(),
      );
    });
  }

  async function touch(mailboxes: string[]): Promise<void> {
    try {
      await events.touch(mailboxes);
    } catch {
      for (const m of mailboxes) pending.set(m, (pending.get(m) ?? 0) + 1);
      retryLater();
    }
  }

  const storeOverrides: Partial<MessageStore> = {
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
      cancelRetry?.();
      cancelRetry = undefined;
      return store.close();
    },
  };
  const eventOverrides: Partial<MailEvents> = {
    // A pending mailbox's version is new at every call: no page is kept or matched under it.
    version: (mailbox) =>
      pending.has(mailbox) ? Promise.resolve(`pending.${(unique += 1)}`) : events.version(mailbox),
  };
  // Every other method is the store's (the events') own, whatever they add later.
  return { store: overriding(store, storeOverrides), events: overriding(events, eventOverrides) };
}

function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get: (object, property, receiver) =>
      Object.hasOwn(overrides, property) ? overrides[property as keyof T] : Reflect.get(object, property, receiver),
  });
}
