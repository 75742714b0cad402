// What the operator use cases need: the directory records, the clock and the id generator, and the
// configured domain lists (configured domains are never own domains).
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../mail/ids.js';
import type { DirectoryStore } from '../store/directory-store.js';

export interface OperatorDeps {
  directory: DirectoryStore;
  clock: Clock;
  newId: IdGenerator;
  publicDomains: string[];
  premiumDomains: string[];
}

export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
