// The operator's use cases, assembled: what the `inboxd domains|accounts|keys` commands call.
import { createAccountAdmin } from './account-admin.js';
import { createDomainAdmin } from './domain-admin.js';
import { createKeyAdmin } from './key-admin.js';
import type { OperatorDeps } from './operator-deps.js';

export function createOperator(deps: OperatorDeps) {
  return {
    domains: createDomainAdmin(deps),
    accounts: createAccountAdmin(deps),
    keys: createKeyAdmin(deps),
  };
}

export type Operator = ReturnType<typeof createOperator>;
