// inboxd/client: the typed client of inboxd's HTTP API, for test suites (docs/testing-with-inboxd.md).
export {
  InboxdClient,
  type CreateInboxOptions,
  type InboxdClientOptions,
  type ListOptions,
  type WaitOptions,
} from './inboxd-client.js';
export { InboxdError, InboxdTimeoutError } from './errors.js';
export type { ClientClock, FetchLike, FetchRequest, FetchResponse } from './transport.js';
export type { WaitCriteria } from './wait-query.js';
export type {
  AgentMessage,
  Attachment,
  CreatedInbox,
  Deleted,
  DomainEntry,
  DomainList,
  MailboxPage,
  Message,
  MessageCodes,
  MessageSummary,
  WaitResult,
} from './api-types.js';
