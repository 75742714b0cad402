// Waiting for a message (the wait_for_message tool and `inboxd wait`, D24): the oldest unseen message that matches, at once if
// one is there, else the next one to arrive, woken by the delivery's event itself (no polling loop). It
// subscribes before it looks, so a message arriving in between is not missed. It reports progress every
// 5 seconds (and looks again then, in case an event was lost), stops as soon as its caller goes away, and marks the message it returns seen, so the next
// call waits for the next message. A timeout is a result, not an error.
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Address } from '../mail/address.js';
import type { MessageSummaryRecord, StoredMessage } from '../store/message-store.js';
import type { Caller } from './shared/caller.js';
import type { InboxDeps } from './shared/deps.js';
import { address, addressOf, dateTime, matchText } from './shared/fields.js';
import { gateMailbox, recheckMailbox } from './shared/gate.js';
import { loadMessage } from './shared/load-message.js';
import { openMailboxFeed } from './shared/mailbox-feed.js';
import { MAX_OPEN_PER_NETWORK, type OpenStreams } from './shared/open-streams.js';
import { operation, type RunOptions } from './shared/operation.js';
import { waitResultSchema, type AgentMessageView, type WaitResult } from './shared/view-schemas.js';
import { messageView, withCodesAndLinks } from './shared/views.js';

export const DEFAULT_WAIT_SECONDS = 30;
export const MAX_WAIT_SECONDS = 50;
export const PROGRESS_INTERVAL_MS = 5000;
/** How many of the newest messages a wait looks through for one already there. */
const LOOK_BACK = 200;
/** Waits one network may hold open at once on this node (shared with the page's live streams). */
export const MAX_WAITS_PER_NETWORK = MAX_OPEN_PER_NETWORK;

export const waitInput = z.object({
  address,
  from: matchText.optional().meta({ description: 'Only messages whose sender address or name contains this.' }),
  subject: matchText.optional().meta({ description: 'Only messages whose subject contains this.' }),
  since: dateTime.optional().meta({ description: 'Only messages that arrived at or after this time (RFC 3339).' }),
  include_seen: z.boolean().default(false).meta({ description: 'Also consider messages already seen.' }),
  timeout_seconds: z.number().int().min(0).max(MAX_WAIT_SECONDS).default(DEFAULT_WAIT_SECONDS),
});
export type WaitInput = z.output<typeof waitInput>;

interface Filter {
  from: string | null;
  subject: string | null;
  since: number | null;
  includeSeen: boolean;
}

function parseFilter(input: WaitInput): { filter: Filter; timeoutSeconds: number } {
  const text = (value: string | undefined) => (value === undefined || value === '' ? null : value.toLowerCase());
  return {
    filter: { from: text(input.from), subject: text(input.subject), since: input.since === undefined ? null : Date.parse(input.since), includeSeen: input.include_seen },
    timeoutSeconds: input.timeout_seconds,
  };
}

function matches(filter: Filter, message: MessageSummaryRecord): boolean {
  if (!filter.includeSeen && message.seen) return false;
  if (filter.since !== null && message.receivedAt < filter.since) return false;
  if (filter.subject !== null && !(message.subject ?? '').toLowerCase().includes(filter.subject)) return false;
  if (filter.from !== null && !`${message.from} ${message.fromName ?? ''}`.toLowerCase().includes(filter.from)) return false;
  return true;
}

function createWait(deps: InboxDeps, openStreams: OpenStreams) {
  /** Takes the message for this waiter: seen from now on; null when another waiter took it first.
   * A record already read for matching is reused rather than read again. Access is asked again first
   * (without spending a request): a key revoked or a domain closed while the wait was open reads nothing
   * more, and the message stays unseen for whoever may read it. */
  async function take(caller: Caller, mailbox: Address, id: string, filter: Filter, known?: StoredMessage): Promise<AgentMessageView | null> {
    await recheckMailbox(deps, caller, mailbox);
    const now = deps.clock.now();
    const taken = filter.includeSeen ? await deps.store.markSeen(mailbox.address, id, now) : await deps.store.claimUnseen(mailbox.address, id, now);
    if (!taken) return null;
    const stored = known === undefined ? await deps.store.getMessage(mailbox.address, id, now) : known;
    if (stored === null) return null;
    try {
      const record = await loadMessage(deps, { ...stored, seen: true }, now);
      return withCodesAndLinks(messageView(record, deps.baseUrl()));
    } catch (error) {
      // Deleted between the claim and its decode: nothing to hand over.
      if (error instanceof AppError && error.slug === 'not_found') return null;
      throw error;
    }
  }

  async function alreadyThere(caller: Caller, mailbox: Address, filter: Filter): Promise<AgentMessageView | null> {
    const newest = await deps.store.listMessages({ mailbox: mailbox.address, limit: LOOK_BACK, now: deps.clock.now() });
    for (const summary of newest.filter((m) => matches(filter, m)).reverse()) {
      const message = await take(caller, mailbox, summary.id, filter);
      if (message !== null) return message;
    }
    return null;
  }

  return async function waitForMessage(caller: Caller, request: WaitInput, options: RunOptions = {}): Promise<WaitResult> {
    const mailbox = addressOf(request.address);
    const { filter, timeoutSeconds } = parseFilter(request);
    const release = openStreams.open(caller.network);
    try {
      return await waitAdmitted(caller, mailbox, filter, timeoutSeconds, options);
    } finally {
      release();
    }
  };

  async function waitAdmitted(caller: Caller, mailbox: Address, filter: Filter, timeoutSeconds: number, options: RunOptions): Promise<WaitResult> {
    await gateMailbox(deps, caller, mailbox);

    const feed = await openMailboxFeed(deps, { mailbox: mailbox.address, signal: options.signal, tickMs: PROGRESS_INTERVAL_MS, lifetimeMs: timeoutSeconds * 1000 });
    try {
      const present = await alreadyThere(caller, mailbox, filter);
      if (present !== null) return { status: 'received', message: present };
      if (timeoutSeconds === 0) return { status: 'timeout', message: null };

      for await (const item of feed) {
        if (item.kind === 'end') return { status: 'timeout', message: null };
        if (item.kind === 'tick') {
          options.onProgress?.(Math.round(item.elapsedMs / 1000), timeoutSeconds);
          // Each progress tick also looks at the mailbox again: with shared events (Redis pub/sub, which
          // does not queue for a subscriber whose link was down) an event can be lost, never a message.
          const found = await alreadyThere(caller, mailbox, filter);
          if (found !== null) return { status: 'received', message: found };
          continue;
        }
        const record = await deps.store.getMessage(mailbox.address, item.messageId, deps.clock.now());
        if (record === null || !matches(filter, record)) continue;
        const message = await take(caller, mailbox, item.messageId, filter, record);
        if (message !== null) return { status: 'received', message };
      }
      return { status: 'timeout', message: null };
    } finally {
      feed.close();
    }
  }
}

export const waitForMessage = (deps: InboxDeps, openStreams: OpenStreams) =>
  operation({ name: 'waitForMessage', input: waitInput, output: waitResultSchema, run: createWait(deps, openStreams) });
