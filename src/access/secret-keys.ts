// API keys and domain keys (D12, D13): made from 32 bytes of the crypto generator, shown once, stored only
// as SHA-256 digests and compared digest to digest in constant time. An API key carries its key id, so
// a presented key is found by id and then checked, never searched for by its secret.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const API_KEY = /^inboxd_ak_([0-9A-HJKMNP-TV-Z]{26})_[A-Za-z0-9_-]{43}$/;
const SECRET_BYTES = 32;

export function newApiKey(keyId: string): string {
  return `inboxd_ak_${keyId}_${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

export function newDomainKey(): string {
  return `inboxd_dk_${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

/** The key id inside a presented API key, or null when the text is not of the API key form. */
export function apiKeyIdOf(presented: string): string | null {
  return API_KEY.exec(presented)?.[1] ?? null;
}

export function digestOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether the presented key's digest equals a stored digest, compared in constant time (D12). */
export function matchesDigest(presented: string, storedDigest: string): boolean {
  const given = Buffer.from(digestOf(presented), 'hex');
  const stored = Buffer.from(storedDigest, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}
