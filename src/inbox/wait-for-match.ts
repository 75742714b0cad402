// The HTTP wait (GET /api/v1/mailbox/wait, issue 19): the Nth message of a mailbox, oldest first, that
// matches the criteria, at once if it is there, else as soon as it arrives, for up to `timeout` seconds.
// Unlike wait_for_message it considers every stored message, seen or not (a test suite waits for "the
// mail its own run caused", not for "the next unread one"), and criteria can read the body and the
// headers (message-matcher.ts). It shares wait_for_message's loop (mailbox-wait.ts): the open-wait
// allowance, the gate, the delivery event that wakes it. Returning a message marks it seen, as reading
// does (D3). A timeout is a result, not an error.
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Address } from '../mail/address.js';
import { ID_FORM } from '../mail/ids.js';
import type { MessageRecord, MessageSummaryRecord } from '../store/message-store.js';
import type { Caller } from './shared/caller.js';
import type { InboxDeps } from './shared/deps.js';
import {
  address,
  addressOf,
  headerCriterion,
  headerOf,
  matchPattern,
  matchText,
  MAX_PAGE,
  timeOrId,
} from './shared/fields.js';
import { loadMessage } from './shared/load-message.js';
import { DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS, waitOnMailbox } from './shared/mailbox-wait.js';
import { createMatcher, type MatchCriteria, type MessageMatcher } from './shared/message-matcher.js';
import type { OpenStreams } from './shared/open-streams.js';
import { operation, type RunOptions } from './shared/operation.js';
import { MAX_MATCHED_CHARS, PATTERN_BUDGET_MS } from './shared/regex-safety.js';
import { waitResultSchema, type AgentMessageView, type WaitResult } from './shared/view-schemas.js';
import { handOver } from './wait-for-message.js';

export const MAX_NTH = 100;
const KIB = MAX_MATCHED_CHARS / 1024;

const pattern = (what: string) =>
  matchPattern.optional().meta({
    description:
      `A JavaScript regular expression (the source only, matched case-insensitively, at most 200 characters) ${what}. ` +
      `It runs over the first ${KIB} KiB of the text. Refused with 400 invalid_parameter when it does not compile, or could ` +
      'backtrack without limit (nested quantifiers), or uses a backreference or a lookaround. A test of it that runs longer than ' +
      `${PATTERN_BUDGET_MS} ms on one message ends the wait with 400 invalid_parameter.`,
  });

export const waitForMatchInput = z.object({
  address: address.meta({ description: 'The mailbox to wait on.' }),
  from: matchText.optional().meta({
    description: 'Only messages whose envelope sender or From display name contains this (case-insensitive).',
  }),
  subject: matchText.optional().meta({ description: 'Only messages whose subject contains this (case-insensitive).' }),
  body: matchText.optional().meta({
    description:
      'Only messages whose text contains this (case-insensitive); the text of the HTML part when there is no text part.',
  }),
  from_regex: pattern('that the envelope sender or the From display name must match'),
  subject_regex: pattern('that the subject must match'),
  body_regex: pattern('that the text must match (the text of the HTML part when there is no text part)'),
  header: z
    .union([headerCriterion, z.array(headerCriterion).max(20)])
    .optional()
    .meta({
      description:
        '`Name: value`: the message must have a header of that name (case-insensitive) whose value equals `value` exactly, after trimming. May be given more than once: all must hold.',
    }),
  since: timeOrId.optional().meta({
    description: 'Only messages that arrived at or after this RFC 3339 time, or after the message with this id.',
  }),
  nth: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_NTH)
    .default(1)
    .meta({ description: `The Nth matching message, oldest first (1 to ${MAX_NTH}, default 1).` }),
  timeout: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .default(DEFAULT_WAIT_SECONDS)
    .meta({
      description: `Seconds to wait (0 to ${MAX_WAIT_SECONDS}, default ${DEFAULT_WAIT_SECONDS}); 0 only looks at what is there.`,
    }),
});
export type WaitForMatchInput = z.output<typeof waitForMatchInput>;

export function criteriaOf(input: WaitForMatchInput): MatchCriteria {
  const headers = input.header === undefined ? [] : typeof input.header === 'string' ? [input.header] : input.header;
  const since = input.since;
  return {
    from: input.from,
    subject: input.subject,
    body: input.body,
    fromRegex: input.from_regex,
    subjectRegex: input.subject_regex,
    bodyRegex: input.body_regex,
    headers: headers.map(headerOf),
    ...(since === undefined ? {} : ID_FORM.test(since) ? { afterId: since } : { sinceTime: Date.parse(since) }),
  };
}

function createWaitForMatch(deps: InboxDeps, openStreams: OpenStreams) {
  /** The message decoded, for criteria on its body or headers; null when it went meanwhile. */
  async function contentOf(mailbox: Address, id: string): Promise<MessageRecord | null> {
    const now = deps.clock.now();
    const stored = await deps.store.getMessage(mailbox.address, id, now);
    if (stored === null) return null;
    try {
      return await loadMessage(deps, stored, now);
    } catch (error) {
      if (error instanceof AppError && error.slug === 'not_found') return null;
      throw error;
    }
  }

  /** Every stored message of the mailbox, oldest first. */
  async function everyMessage(mailbox: Address): Promise<MessageSummaryRecord[]> {
    const all: MessageSummaryRecord[] = [];
    for (let before: string | undefined; ;) {
      const page = await deps.store.listMessages({
        mailbox: mailbox.address,
        before,
        limit: MAX_PAGE,
        now: deps.clock.now(),
      });
      all.push(...page);
      if (page.length < MAX_PAGE) return all.reverse();
      before = page[page.length - 1]!.id;
    }
  }

  /** The Nth match among the stored messages, handed over (seen from now on); null when there is none yet. */
  async function nthMatch(
    caller: Caller,
    mailbox: Address,
    matcher: MessageMatcher,
    nth: number,
  ): Promise<AgentMessageView | null> {
    let count = 0;
    for (const summary of await everyMessage(mailbox)) {
      if (!(await matcher.matches(summary, () => contentOf(mailbox, summary.id)))) continue;
      count += 1;
      if (count < nth) continue;
      return handOver(deps, caller, mailbox, summary.id, (now) =>
        deps.store.markSeen(mailbox.address, summary.id, now),
      );
    }
    return null;
  }

  return async function waitForMatch(
    caller: Caller,
    input: WaitForMatchInput,
    options: RunOptions = {},
  ): Promise<WaitResult> {
    const mailbox = addressOf(input.address);
    const matcher = createMatcher(criteriaOf(input));
    const message = await waitOnMailbox(deps, openStreams, caller, mailbox, input.timeout, options, {
      look: () => nthMatch(caller, mailbox, matcher, input.nth),
      async arrived(messageId) {
        const record = await deps.store.getMessage(mailbox.address, messageId, deps.clock.now());
        if (record === null || !(await matcher.matches(record, () => contentOf(mailbox, messageId)))) return null;
        // A match arrived: which one is the Nth is the stored messages' to say (an older one may have
        // arrived meanwhile, or gone).
        return nthMatch(caller, mailbox, matcher, input.nth);
      },
    });
    return message === null ? { status: 'timeout', message: null } : { status: 'received', message };
  };
}

export const waitForMatch = (deps: InboxDeps, openStreams: OpenStreams) =>
  operation({
    name: 'waitForMatch',
    input: waitForMatchInput,
    output: waitResultSchema,
    run: createWaitForMatch(deps, openStreams),
  });
