// The operator's use cases (what `inboxd accounts|keys|domains` run) on a test app's own store, on its
// manual clock, for tests that set up accounts and keys without spawning the CLI each time.
import { createIdGenerator } from '../../src/mail/ids.js';
import { createOperator, type Operator } from '../../src/operator/operator.js';
import type { Clock } from '../../src/clock.js';
import type { Config } from '../../src/config/config.js';
import type { DirectoryStore } from '../../src/store/directory-store.js';

/** A test app, end-to-end (test-app.ts) or in process (fast-app.ts). */
interface AnyTestApp {
  app: { directory: DirectoryStore; config: Config };
  clock: Clock;
}

export function operatorOf(t: AnyTestApp): Operator {
  return createOperator({
    directory: t.app.directory,
    clock: t.clock,
    newId: createIdGenerator(t.clock),
    publicDomains: t.app.config.publicDomains,
    premiumDomains: t.app.config.premiumDomains,
  });
}

export interface IssuedKey {
  account: string;
  keyId: string;
  key: string;
}

/** Creates an account with the given plan and issues one key for it. */
export async function accountWithKey(
  operator: Operator,
  plan: { plan: string; quota?: string; paidThrough?: string },
): Promise<IssuedKey> {
  const account = await operator.accounts.create(plan);
  const issued = await operator.keys.create(account.id);
  return { account: account.id, keyId: issued.id, key: issued.key };
}

/** A pool of 92 premium domains, as in production (D13). */
export const PREMIUM_POOL = Array.from(
  { length: 92 },
  (_, i) => `premium${String(i + 1).padStart(2, '0')}.example.com`,
);

export function bearer(key: string): { authorization: string } {
  return { authorization: `Bearer ${key}` };
}
