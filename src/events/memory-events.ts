// The in-process MailEvents adapter: listeners by mailbox, called synchronously on publish. A listener
// that throws is isolated from the others and from the delivery that published.
//
// Versions (P37): a counter per process, prefixed by a random boot id so that no version of an earlier
// run comes back after a restart. Only mailboxes touched recently are remembered (at most `maxMailboxes`,
// the oldest forgotten first, in batches); every other mailbox answers the floor, a value moved on at each
// forgetting, so a forgotten mailbox never answers a version it had before (no memory per mailbox beyond
// the bound).
import { randomBytes } from 'node:crypto';
import type { MailEvents, MailListener } from './mail-events.js';

export interface MemoryEventsOptions {
  /** Mailboxes whose version is remembered; default 100,000 (a few MB). */
  maxMailboxes?: number;
}

export function createMemoryEvents(options: MemoryEventsOptions = {}): MailEvents {
  const listeners = new Map<string, Set<MailListener>>();
  const maxMailboxes = Math.max(1, options.maxMailboxes ?? 100_000);
  const boot = randomBytes(6).toString('base64url');
  let counter = 0;
  let floor = `${boot}.0`;
  // Insertion order is touch order: the first entries are the least recently touched.
  const versions = new Map<string, string>();

  function forgetOldest(): void {
    const drop = Math.max(1, Math.ceil(maxMailboxes / 10));
    let dropped = 0;
    for (const mailbox of versions.keys()) {
      if (dropped++ >= drop) break;
      versions.delete(mailbox);
    }
    floor = `${boot}.${++counter}`;
  }

  return {
    async publish(event) {
      for (const listener of [...(listeners.get(event.mailbox) ?? [])]) {
        try {
          listener(event);
        } catch {
          // A waiter's failure is its own; the mail is stored either way.
        }
      }
    },
    async subscribe(mailbox, listener) {
      let set = listeners.get(mailbox);
      if (set === undefined) listeners.set(mailbox, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(mailbox) === set) listeners.delete(mailbox);
      };
    },
    subscribers: (mailbox) => listeners.get(mailbox)?.size ?? 0,
    async touch(mailboxes) {
      for (const mailbox of mailboxes) {
        versions.delete(mailbox);
        if (versions.size >= maxMailboxes) forgetOldest();
        versions.set(mailbox, `${boot}.${++counter}`);
      }
    },
    async version(mailbox) {
      return versions.get(mailbox) ?? floor;
    },
    async close() {
      listeners.clear();
      versions.clear();
    },
  };
}
