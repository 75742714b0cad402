// The operations table: everything a caller can do through the HTTP API, the agent tools and the page,
// each declared once (operation.ts) with its input and output schemas. The edges look operations up here
// by name and add only what is theirs: an HTTP route its method, path and statuses; a tool its description
// and annotations.
import type { InboxDeps } from './shared/deps.js';
import { createInbox } from './create-inbox.js';
import { deleteMessage } from './delete-message.js';
import { downloadAttachment } from './download-attachment.js';
import { downloadRaw } from './download-raw.js';
import { listDomains } from './list-domains.js';
import { listMessages } from './list-messages.js';
import type { OpenStreams } from './shared/open-streams.js';
import { readCodes } from './read-codes.js';
import { readMessage, readMessageWithCodes } from './read-message.js';
import { waitForMatch } from './wait-for-match.js';
import { waitForMessage } from './wait-for-message.js';

export function createOperations(deps: InboxDeps, openStreams: OpenStreams) {
  return {
    listDomains: listDomains(deps),
    createInbox: createInbox(deps),
    listMessages: listMessages(deps),
    readMessage: readMessage(deps),
    readMessageWithCodes: readMessageWithCodes(deps),
    readCodes: readCodes(deps),
    deleteMessage: deleteMessage(deps),
    downloadRaw: downloadRaw(deps),
    downloadAttachment: downloadAttachment(deps),
    waitForMessage: waitForMessage(deps, openStreams),
    waitForMatch: waitForMatch(deps, openStreams),
  };
}

export type Operations = ReturnType<typeof createOperations>;
