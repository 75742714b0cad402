// What happens to one mailbox while a caller holds it open, as one async iterator: each message stored
// for it (`arrived`, from the delivery's event: no polling), a `tick` every `tickMs`, and one `end` when
// its lifetime has passed or its signal was aborted, after which it finishes. wait_for_message and
// `inboxd wait` (D24) and the page's live stream (D26) are built on it; what they do with each item is
// theirs.
//
// Opening subscribes at once, before the caller looks at the store, so a message stored between that
// look and the first pull is queued, not missed. The clock (the tick and the lifetime) starts at the first
// pull, once the caller has looked and decided to wait. Every way out (the `end`, `close()`, or a consumer
// leaving its `for await` early) unsubscribes, cancels both timers and lets go of the signal.
//
// When the consumer is busy, items wait for it: arrivals in order, ticks folded into one. When it pulls,
// an aborted signal comes first (the caller is gone: nothing more is handed over), then the arrivals
// already queued, then the end of the lifetime, then a tick (a tick after the lifetime is dropped: the
// caller's time is up).
import type { Clock } from '../../clock.js';
import type { MailEvents } from '../../events/mail-events.js';

export type MailboxFeedItem =
  | { kind: 'arrived'; messageId: string }
  /** elapsedMs: from the first pull to the tick's timer. */
  | { kind: 'tick'; elapsedMs: number }
  | { kind: 'end'; reason: 'lifetime' | 'aborted' };

export interface MailboxFeedOptions {
  mailbox: string;
  /** Aborted when the caller goes away: the next pull ends the feed. */
  signal?: AbortSignal | undefined;
  tickMs: number;
  /** From the first pull to the `end` with reason 'lifetime'. */
  lifetimeMs: number;
}

export interface MailboxFeed extends AsyncIterableIterator<MailboxFeedItem> {
  /** Lets go of everything; a pending or later pull finishes. Safe to call more than once. */
  close(): void;
}

/** Subscribes to the mailbox's events (a failure to subscribe rejects, with nothing held). */
export async function openMailboxFeed(
  deps: { events: MailEvents; clock: Clock },
  options: MailboxFeedOptions,
): Promise<MailboxFeed> {
  const { clock } = deps;
  const { signal } = options;
  const arrived: string[] = [];
  let wake = () => undefined as void;
  let closed = false;
  let started: number | null = null;
  let lifetimeOver = false;
  let tickAt: number | null = null;
  const cancels: (() => void)[] = [];

  cancels.push(
    await deps.events.subscribe(options.mailbox, (event) => {
      if (closed) return;
      arrived.push(event.messageId);
      wake();
    }),
  );

  function close(): void {
    if (closed) return;
    closed = true;
    for (const cancel of cancels.splice(0)) cancel();
    wake();
  }

  function start(now: number): void {
    started = now;
    cancels.push(
      clock.schedule(options.lifetimeMs, () => {
        lifetimeOver = true;
        wake();
      }),
    );
    // Each tick schedules the next, so a tick is never due twice at once.
    const tick = () => {
      cancels.push(clock.schedule(options.tickMs, tick));
      tickAt = clock.now();
      wake();
    };
    cancels.push(clock.schedule(options.tickMs, tick));
    const onAbort = () => wake();
    signal?.addEventListener('abort', onAbort);
    cancels.push(() => signal?.removeEventListener('abort', onAbort));
  }

  /** The next item ready now, or null when there is none yet. */
  function ready(): MailboxFeedItem | null {
    if (signal?.aborted) return { kind: 'end', reason: 'aborted' };
    const messageId = arrived.shift();
    if (messageId !== undefined) return { kind: 'arrived', messageId };
    if (lifetimeOver) return { kind: 'end', reason: 'lifetime' };
    if (tickAt !== null) {
      const item = { kind: 'tick', elapsedMs: tickAt - (started as number) } as const;
      tickAt = null;
      return item;
    }
    return null;
  }

  const done = (): IteratorResult<MailboxFeedItem> => ({ done: true, value: undefined });

  const feed: MailboxFeed = {
    close,
    async next() {
      if (closed) return done();
      if (started === null && !signal?.aborted) start(clock.now());
      for (;;) {
        const item = ready();
        if (item !== null) {
          if (item.kind === 'end') close();
          return { done: false, value: item };
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        if (closed) return done();
      }
    },
    async return() {
      close();
      return done();
    },
    [Symbol.asyncIterator]: () => feed,
  };
  return feed;
}
