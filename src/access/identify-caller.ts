// Step one of every request's gate: who is asking (D12–D14). The bearer key presented is nothing, a key we
// do not know, a revoked key, or the live key of an account. Looked up in the store on every request, never cached, so that a revocation holds
// at once on every node.
import type { AccountRecord, DirectoryStore } from '../store/directory-store.js';
import { apiKeyIdOf, matchesDigest } from './secret-keys.js';

/** The key of an Authorization header: null when none was sent; a header of another form is passed on
 * whole, so it is judged as a wrong key (401/403), not as a missing one (P15). */
export function bearerFromHeader(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([\x21-\x7e]+)\s*$/i.exec(header);
  return match === null ? header : (match[1] as string);
}

export type ResolvedBearer =
  | { state: 'none' }
  | { state: 'unknown'; presented: string }
  | { state: 'revoked'; presented: string; keyId: string; accountId: string }
  | { state: 'live'; presented: string; keyId: string; account: AccountRecord };

export async function identifyCaller(directory: DirectoryStore, presented: string | null): Promise<ResolvedBearer> {
  if (presented === null) return { state: 'none' };
  const keyId = apiKeyIdOf(presented);
  const key = keyId === null ? null : await directory.getApiKey(keyId);
  if (keyId === null || key === null || !matchesDigest(presented, key.digest)) return { state: 'unknown', presented };
  if (key.revokedAt !== null) return { state: 'revoked', presented, keyId, accountId: key.accountId };
  const account = await directory.getAccount(key.accountId);
  if (account === null) return { state: 'unknown', presented };
  return { state: 'live', presented, keyId, account };
}
