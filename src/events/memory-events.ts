// The in-process MailEvents adapter: listeners by mailbox, called synchronously on publish. A listener
// that throws is isolated from the others and from the delivery that published.
import type { MailEvents, MailListener } from './mail-events.js';

export function createMemoryEvents(): MailEvents {
  const listeners = new Map<string, Set<MailListener>>();
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
    async close() {
      listeners.clear();
    },
  };
}
