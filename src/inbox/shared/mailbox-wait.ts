// The waiting loop behind both waits (wait_for_message, D24, and GET /api/v1/mailbox/wait, issue 19),
// written once: counted against the open-wait allowance (D23–D24), then the gate (limits D17, access
// D11–D14); it subscribes before it looks, so a message arriving in between is not missed; it looks at
// what is stored, and then, woken by each delivery's event (no polling loop), at what arrives, until the
// timeout or until its caller goes away. Every PROGRESS_INTERVAL_MS it reports progress and looks again,
// in case a shared event was lost. What a look finds, and what an arrival gives, is the caller's.
import type { Address } from '../../mail/address.js';
import { awaitMailbox } from './awaited-mailboxes.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import { gateMailbox } from './gate.js';
import { openMailboxFeed } from './mailbox-feed.js';
import type { OpenStreams } from './open-streams.js';
import type { RunOptions } from './operation.js';

export const DEFAULT_WAIT_SECONDS = 30;
export const MAX_WAIT_SECONDS = 50;
export const PROGRESS_INTERVAL_MS = 5000;

export interface WaitSteps<T> {
  /** Looks through the stored messages: the answer, or null to go on waiting. */
  look(): Promise<T | null>;
  /** A message just arrived: the answer, or null to go on waiting. */
  arrived(messageId: string): Promise<T | null>;
}

/** The answer of `steps`, or null when the time is up (or the caller went away) first. */
export async function waitOnMailbox<T>(
  deps: InboxDeps,
  openStreams: OpenStreams,
  caller: Caller,
  mailbox: Address,
  timeoutSeconds: number,
  options: RunOptions,
  steps: WaitSteps<T>,
): Promise<T | null> {
  const release = openStreams.open(caller.network);
  try {
    await gateMailbox(deps, caller, mailbox);
    const feed = await openMailboxFeed(deps, {
      mailbox: mailbox.address,
      signal: options.signal,
      tickMs: PROGRESS_INTERVAL_MS,
      lifetimeMs: timeoutSeconds * 1000,
    });
    // Counted, like the feed, before it looks: a message arriving from now on is decoded beside its
    // commit (P52).
    const awaited = awaitMailbox(deps.store, mailbox.address);
    try {
      const present = await steps.look();
      if (present !== null || timeoutSeconds === 0) return present;
      for await (const item of feed) {
        if (item.kind === 'end') return null;
        if (item.kind === 'tick') {
          options.onProgress?.(Math.round(item.elapsedMs / 1000), timeoutSeconds);
          // With shared events (Redis pub/sub, which does not queue for a subscriber whose link was
          // down) an event can be lost, never a message.
          const found = await steps.look();
          if (found !== null) return found;
          continue;
        }
        const found = await steps.arrived(item.messageId);
        if (found !== null) return found;
      }
      return null;
    } finally {
      feed.close();
      awaited();
    }
  } finally {
    release();
  }
}
