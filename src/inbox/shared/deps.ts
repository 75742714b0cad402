// What the use cases need, handed over by the composition root.
import type { Clock } from '../../clock.js';
import type { DomainRegistry } from '../../domains/domain-registry.js';
import type { MailEvents } from '../../events/mail-events.js';
import type { MxCheck } from '../../domains/mx-check.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { IdGenerator } from '../../mail/ids.js';
import type { MailParser } from '../../mail/parser-pool.js';
import type { DirectoryStore } from '../../store/directory-store.js';
import type { MessageStore } from '../../store/message-store.js';

export interface InboxDeps {
  store: MessageStore;
  directory: DirectoryStore;
  limiter: RateLimiter;
  domains: DomainRegistry;
  mx: MxCheck;
  events: MailEvents;
  parser: MailParser;
  clock: Clock;
  newId: IdGenerator;
  /** The public base URL, known once the HTTPS listener is bound. */
  baseUrl: () => string;
}

/** Retention (D4): exactly 5 × 24 hours from arrival. */
export const RETENTION_MS = 5 * 24 * 60 * 60 * 1000;
