// D11: does a domain's MX point at us? One MX host equal to mx_host (case-insensitive, trailing dot
// ignored) is enough. Answers, positive and negative, are cached for 5 minutes on the injected clock;
// failures are not cached, so a DNS outage defers mail only while it lasts. Concurrent checks of one
// domain share one lookup.
import type { Clock } from '../clock.js';
import type { MxLookup } from './dns-mx-lookup.js';

export type MxVerdict = 'points_here' | 'elsewhere' | 'failed';

export const MX_CACHE_MS = 5 * 60 * 1000;
const MAX_CACHED = 10_000;

function hostName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

export interface MxCheck {
  check(domain: string): Promise<MxVerdict>;
}

export function createMxCheck(options: { lookup: MxLookup; mxHost: string; clock: Clock; ttlMs?: number }): MxCheck {
  const ttl = options.ttlMs ?? MX_CACHE_MS;
  const mxHost = hostName(options.mxHost);
  const cache = new Map<string, { verdict: 'points_here' | 'elsewhere'; until: number }>();
  const inFlight = new Map<string, Promise<MxVerdict>>();

  async function lookUp(domain: string): Promise<MxVerdict> {
    const answer = await options.lookup(domain);
    if (answer.status === 'failed') return 'failed';
    const verdict =
      answer.status === 'found' && answer.hosts.some((h) => hostName(h) === mxHost) ? 'points_here' : 'elsewhere';
    // A Map keeps insertion order: dropping the first entry drops the oldest answer.
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(domain, { verdict, until: options.clock.now() + ttl });
    return verdict;
  }

  return {
    async check(domain) {
      const cached = cache.get(domain);
      if (cached !== undefined && cached.until > options.clock.now()) return cached.verdict;
      cache.delete(domain);
      let pending = inFlight.get(domain);
      if (pending === undefined) {
        pending = lookUp(domain).finally(() => inFlight.delete(domain));
        inFlight.set(domain, pending);
      }
      return pending;
    },
  };
}
