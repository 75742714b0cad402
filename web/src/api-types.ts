// The JSON shapes of the public API the page reads (docs/http-api.md; interface §2), named by the typed
// client (src/client/api-types.ts), whose types are generated from the service's OpenAPI document (D20):
// one generated copy for both programs that speak to the API from outside. Types only: nothing of the
// client is bundled into the page.
export type {
  Attachment,
  Deleted,
  DomainEntry,
  DomainList,
  MailboxPage,
  Message,
  MessageCodes,
  MessageSummary,
} from '../../src/client/api-types.js';
