// The use cases, assembled: what every edge (SMTP, HTTP, the agent tools, the CLI) calls.
import { admitCaller } from './admit.js';
import type { Caller } from './caller.js';
import { createCheckRecipient } from './check-recipient.js';
import { createCreateInbox } from './create-inbox.js';
import { createDeliver } from './deliver.js';
import type { InboxDeps } from './deps.js';
import { createDownloadAttachment } from './download-attachment.js';
import { createDownloadRaw } from './download-raw.js';
import { createListDomains } from './list-domains.js';
import { createListMessages, createPollMessages } from './list-messages.js';
import { createReadCodes } from './read-codes.js';
import { createReadMessage } from './read-message.js';
import { createRemoveMessage } from './remove-message.js';
import { createOpenStreams } from './open-streams.js';
import { withTouches } from './touching-store.js';
import { createWaitForMessage } from './wait-for-message.js';
import { createWatchMailbox } from './watch-mailbox.js';

export function createInbox(given: InboxDeps) {
  // Every write through the use cases moves its mailbox's version on (P37), whichever edge made it.
  const deps: InboxDeps = { ...given, ...withTouches(given.store, given.events, given.clock) };
  const openStreams = createOpenStreams();
  return {
    checkRecipient: createCheckRecipient(deps),
    deliver: createDeliver(deps),
    listDomains: createListDomains(deps),
    listMessages: createListMessages(deps),
    pollMessages: createPollMessages(deps),
    readMessage: createReadMessage(deps),
    readCodes: createReadCodes(deps),
    removeMessage: createRemoveMessage(deps),
    downloadAttachment: createDownloadAttachment(deps),
    downloadRaw: createDownloadRaw(deps),
    createInbox: createCreateInbox(deps),
    waitForMessage: createWaitForMessage(deps, openStreams),
    watchMailbox: createWatchMailbox(deps, openStreams),
    /** Spends one request of the caller's budget for a request that is no operation of its own (an MCP
     * protocol request such as initialize or tools/list), so those are limited too (D17). */
    admitRequest: async (caller: Caller): Promise<void> => void (await admitCaller(deps, caller)),
  };
}

export type Inbox = ReturnType<typeof createInbox>;
