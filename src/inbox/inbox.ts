// The use cases, assembled: what every edge (SMTP, HTTP, the agent tools, the CLI) calls. The operations
// table (operations.ts) holds what a caller can do over the API and the tools; beside it stand the
// delivery of mail (the SMTP edge's), the HTTP list's conditional poll and the page's live stream.
import type { Caller } from './shared/caller.js';
import { createCheckRecipient } from './check-recipient.js';
import { createDeliver } from './deliver.js';
import type { InboxDeps } from './shared/deps.js';
import { gateRequest } from './shared/gate.js';
import { createPollMessages } from './list-messages.js';
import { createOpenStreams } from './shared/open-streams.js';
import { createOperations } from './operations.js';
import { withTouches } from './shared/touching-store.js';
import { createWatchMailbox } from './watch-mailbox.js';

export function createInbox(given: InboxDeps) {
  // Every write through the use cases moves its mailbox's version on (P37), whichever edge made it.
  const deps: InboxDeps = { ...given, ...withTouches(given.store, given.events, given.clock) };
  const openStreams = createOpenStreams();
  return {
    operations: createOperations(deps, openStreams),
    checkRecipient: createCheckRecipient(deps),
    deliver: createDeliver(deps),
    pollMessages: createPollMessages(deps),
    watchMailbox: createWatchMailbox(deps, openStreams),
    /** Charges one request to the caller's budget for a request that is no operation of its own (an MCP
     * protocol request such as initialize or tools/list), so those are limited too (D17). */
    chargeProtocolRequest: async (caller: Caller): Promise<void> => void (await gateRequest(deps, caller)),
  };
}

export type Inbox = ReturnType<typeof createInbox>;
