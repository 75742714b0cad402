// The page's live mailbox (D26): after the same gate as a list request (limits, then access), every
// message delivered to the address is handed on as its summary, woken by the delivery's event (the same
// events component as wait_for_message; no polling). Every KEEPALIVE_MS it asks again whether the caller
// may still read the mailbox (a revoked key ends the stream) and looks at the newest messages in case a
// shared event was lost. A stream lasts at most STREAM_LIFETIME_MS; the client then opens a new one,
// which is counted like any request.
import { isAppError, type AppError } from '../errors.js';
import type { Address } from '../mail/address.js';
import { addressOf } from './shared/fields.js';
import { gateMailbox, recheckMailbox } from './shared/gate.js';
import type { Caller } from './shared/caller.js';
import type { InboxDeps } from './shared/deps.js';
import { openMailboxFeed } from './shared/mailbox-feed.js';
import type { OpenStreams } from './shared/open-streams.js';
import type { MessageSummaryView } from './shared/view-schemas.js';
import { summaryView } from './shared/views.js';

export const KEEPALIVE_MS = 20_000;
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** How many of the newest messages a keep-alive looks through for one whose event was lost. */
const LOOK_BACK = 50;
/** Ids already handed on, remembered so a message is sent once even when its event and a look both see it. */
const REMEMBERED = 500;

export interface WatchRequest {
  /** Checked by the edge against the address field. */
  address: string;
}

export interface WatchHandlers {
  /** Aborted when the client goes away or the server stops: the watch ends at once. */
  signal: AbortSignal;
  /** Called once, after the caller was admitted and subscribed, before any message. */
  onReady(info: { address: string; keepaliveSeconds: number; lifetimeSeconds: number }): void;
  onMessage(message: MessageSummaryView): void;
  onKeepAlive(): void;
}

export type WatchEnd = { reason: 'closed' | 'lifetime' } | { reason: 'access'; error: AppError };

export function createWatchMailbox(deps: InboxDeps, openStreams: OpenStreams) {
  return async function watchMailbox(
    caller: Caller,
    request: WatchRequest,
    handlers: WatchHandlers,
  ): Promise<WatchEnd> {
    const mailbox = addressOf(request.address);
    const release = openStreams.open(caller.network);
    try {
      await gateMailbox(deps, caller, mailbox);
      return await watch(caller, mailbox, handlers);
    } finally {
      release();
    }
  };

  async function watch(caller: Caller, mailbox: Address, handlers: WatchHandlers): Promise<WatchEnd> {
    const feed = await openMailboxFeed(deps, {
      mailbox: mailbox.address,
      signal: handlers.signal,
      tickMs: KEEPALIVE_MS,
      lifetimeMs: STREAM_LIFETIME_MS,
    });
    try {
      // Messages at or below the newest one already there are the client's list, not news.
      const newest = await deps.store.listMessages({ mailbox: mailbox.address, limit: 1, now: deps.clock.now() });
      const floor = newest[0]?.id ?? '';
      const sent = new Set<string>();
      const hand = (message: MessageSummaryView) => {
        sent.add(message.id);
        if (sent.size > REMEMBERED) sent.delete(sent.values().next().value as string);
        handlers.onMessage(message);
      };

      /** Whether the caller may still read the mailbox, asked without spending a request. */
      const accessEnded = async (): Promise<WatchEnd | null> => {
        try {
          await recheckMailbox(deps, caller, mailbox);
          return null;
        } catch (error) {
          if (isAppError(error)) return { reason: 'access', error };
          throw error;
        }
      };

      handlers.onReady({
        address: mailbox.address,
        keepaliveSeconds: KEEPALIVE_MS / 1000,
        lifetimeSeconds: STREAM_LIFETIME_MS / 1000,
      });
      for await (const item of feed) {
        if (item.kind === 'end') return { reason: item.reason === 'lifetime' ? 'lifetime' : 'closed' };
        if (item.kind === 'arrived') {
          if (sent.has(item.messageId)) continue;
          // Access is asked again before new mail is handed over, so a revoked key sees nothing more.
          const denied = await accessEnded();
          if (denied !== null) return denied;
          const record = await deps.store.getMessage(mailbox.address, item.messageId, deps.clock.now());
          if (record !== null) hand(summaryView(record));
          continue;
        }
        const denied = await accessEnded();
        if (denied !== null) return denied;
        const recent = await deps.store.listMessages({
          mailbox: mailbox.address,
          limit: LOOK_BACK,
          now: deps.clock.now(),
        });
        for (const summary of recent.reverse())
          if (summary.id > floor && !sent.has(summary.id)) hand(summaryView(summary));
        handlers.onKeepAlive();
      }
      return { reason: 'closed' };
    } finally {
      feed.close();
    }
  }
}
