// Waiting for a message (the wait_for_message tool and `inboxd wait`, D24): the oldest unseen message that matches, at once if
// one is there, else the next one to arrive, woken by the delivery's event itself (no polling loop). It
// subscribes before it looks, so a message arriving in between is not missed. It reports progress every
// 5 seconds (and looks again then, in case an event was lost), stops as soon as its caller goes away, and marks the message it returns seen, so the next
// call waits for the next message. A timeout is a result, not an error. The loop (mailbox-wait.ts) and
// the matcher (message-matcher.ts) are the HTTP wait's too.
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Address } from '../mail/address.js';
import type { StoredMessage } from '../store/message-store.js';
import type { Caller } from './shared/caller.js';
import type { InboxDeps } from './shared/deps.js';
import { address, addressOf, dateTime, matchText } from './shared/fields.js';
import { recheckMailbox } from './shared/gate.js';
import { loadMessage } from './shared/load-message.js';
import { DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS, waitOnMailbox } from './shared/mailbox-wait.js';
import { createMatcher, type MessageMatcher } from './shared/message-matcher.js';
import { MAX_OPEN_PER_NETWORK, type OpenStreams } from './shared/open-streams.js';
import { operation, type RunOptions } from './shared/operation.js';
import { waitResultSchema, type AgentMessageView, type WaitResult } from './shared/view-schemas.js';
import { messageView, withCodesAndLinks } from './shared/views.js';

export { DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS, PROGRESS_INTERVAL_MS } from './shared/mailbox-wait.js';
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

/** The summary fields are all this wait's matcher asks: it never loads content to match. */
const noContent = async () => null;

/** The message handed to a waiter, with its codes and links, seen from now on: the stored record as it
 * was read for matching (or read now), decoded. Access is asked again first (without spending a request):
 * a key revoked or a domain closed while the wait was open reads nothing more, and the message stays
 * as it was for whoever may read it. `mark` sets seen and says whether this waiter may have it; null
 * when it may not, or the message went meanwhile. Also the HTTP wait's (wait-for-match.ts). */
export async function handOver(
  deps: InboxDeps,
  caller: Caller,
  mailbox: Address,
  id: string,
  mark: (now: number) => Promise<boolean>,
  known?: StoredMessage,
): Promise<AgentMessageView | null> {
  await recheckMailbox(deps, caller, mailbox);
  const now = deps.clock.now();
  // The mark (a write, queued behind the commit the writer is making) and the read and decode (in a parser
  // thread) run at once: the waiter is answered after the slower of the two, not after both (issue 15's
  // wake-up). A decode whose mark fails is only work lost; it is kept for the next reader all the same.
  const marked = mark(now);
  const loading = (async () => {
    const stored = known ?? (await deps.store.getMessage(mailbox.address, id, now));
    return stored === null ? null : loadMessage(deps, { ...stored, seen: true }, now);
  })();
  loading.catch(() => undefined);
  if (!(await marked)) return null;
  try {
    const record = await loading;
    if (record === null) return null;
    return withCodesAndLinks(messageView(record, deps.baseUrl()));
  } catch (error) {
    // Deleted between the mark and its decode: nothing to hand over.
    if (error instanceof AppError && error.slug === 'not_found') return null;
    throw error;
  }
}

function createWait(deps: InboxDeps, openStreams: OpenStreams) {
  /** Takes the message for this waiter: seen from now on; null when another waiter took it first. */
  function take(
    caller: Caller,
    mailbox: Address,
    id: string,
    includeSeen: boolean,
    known?: StoredMessage,
  ): Promise<AgentMessageView | null> {
    const mark = (now: number) =>
      includeSeen ? deps.store.markSeen(mailbox.address, id, now) : deps.store.claimUnseen(mailbox.address, id, now);
    return handOver(deps, caller, mailbox, id, mark, known);
  }

  async function alreadyThere(
    caller: Caller,
    mailbox: Address,
    matcher: MessageMatcher,
    includeSeen: boolean,
  ): Promise<AgentMessageView | null> {
    const newest = await deps.store.listMessages({ mailbox: mailbox.address, limit: LOOK_BACK, now: deps.clock.now() });
    for (const summary of newest.reverse()) {
      if (!(await matcher.matches(summary, noContent))) continue;
      const message = await take(caller, mailbox, summary.id, includeSeen);
      if (message !== null) return message;
    }
    return null;
  }

  return async function waitForMessage(
    caller: Caller,
    request: WaitInput,
    options: RunOptions = {},
  ): Promise<WaitResult> {
    const mailbox = addressOf(request.address);
    const includeSeen = request.include_seen;
    const matcher = createMatcher({
      from: request.from,
      subject: request.subject,
      sinceTime: request.since === undefined ? undefined : Date.parse(request.since),
      unseenOnly: !includeSeen,
    });
    const message = await waitOnMailbox(deps, openStreams, caller, mailbox, request.timeout_seconds, options, {
      look: () => alreadyThere(caller, mailbox, matcher, includeSeen),
      async arrived(messageId) {
        const record = await deps.store.getMessage(mailbox.address, messageId, deps.clock.now());
        if (record === null || !(await matcher.matches(record, noContent))) return null;
        return take(caller, mailbox, messageId, includeSeen, record);
      },
    });
    return message === null ? { status: 'timeout', message: null } : { status: 'received', message };
  };
}

export const waitForMessage = (deps: InboxDeps, openStreams: OpenStreams) =>
  operation({ name: 'waitForMessage', input: waitInput, output: waitResultSchema, run: createWait(deps, openStreams) });
