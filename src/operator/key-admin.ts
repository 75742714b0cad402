// `inboxd keys create|list|revoke` (D13, D28): API keys printed once at creation and stored as digests.
// A revoked key stops working at once: readers look keys up in the store on every request.
import { digestOf, newApiKey } from '../access/secret-keys.js';
import type { ApiKeyRecord } from '../store/directory-store.js';
import { isoTime, type OperatorDeps } from './operator-deps.js';
import { OperatorError } from './operator-error.js';

export interface KeyView {
  id: string;
  account: string;
  created_at: string | null;
  revoked_at: string | null;
}

function view(key: ApiKeyRecord): KeyView {
  return { id: key.id, account: key.accountId, created_at: isoTime(key.createdAt), revoked_at: isoTime(key.revokedAt) };
}

export function createKeyAdmin(deps: OperatorDeps) {
  return {
    /** The key itself is in the answer this once. */
    async create(accountId: string | undefined): Promise<KeyView & { key: string }> {
      if (accountId === undefined) throw new OperatorError('--account is required.');
      if ((await deps.directory.getAccount(accountId)) === null) throw new OperatorError(`No account ${accountId}.`);
      const id = deps.newId();
      const key = newApiKey(id);
      const record: ApiKeyRecord = {
        id,
        accountId,
        digest: digestOf(key),
        createdAt: deps.clock.now(),
        revokedAt: null,
      };
      await deps.directory.createApiKey(record);
      return { ...view(record), key };
    },
    async list(accountId?: string): Promise<KeyView[]> {
      return (await deps.directory.listApiKeys(accountId)).map(view);
    },
    async revoke(id: string): Promise<KeyView> {
      if (!(await deps.directory.revokeApiKey(id, deps.clock.now()))) throw new OperatorError(`No key ${id}.`);
      return view((await deps.directory.getApiKey(id)) as ApiKeyRecord);
    },
  };
}
