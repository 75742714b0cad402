// What the use cases need, handed over by the composition root.
import type { Clock } from '../clock.js';
import type { DomainRegistry } from '../domains/domain-registry.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import type { IdGenerator } from '../mail/ids.js';
import type { MailParser } from '../mail/parser-pool.js';
import type { MessageStore } from '../store/message-store.js';

export interface InboxDeps {
  store: MessageStore;
  limiter: RateLimiter;
  domains: DomainRegistry;
  parser: MailParser;
  clock: Clock;
  newId: IdGenerator;
  /** The public base URL, known once the HTTPS listener is bound. */
  baseUrl: () => string;
}

/** Retention (D4): exactly 5 × 24 hours from arrival. */
export const RETENTION_MS = 5 * 24 * 60 * 60 * 1000;
