// MX records of a domain through node's resolver (c-ares), with the servers INBOXD_DNS_SERVERS names
// (host:port allowed, so tests run a DNS server on loopback). "No such domain" and "no MX records" are
// answers; anything else (timeout, SERVFAIL, refused) is a failure the caller defers on (D11).
import { Resolver } from 'node:dns/promises';

export type MxAnswer = { status: 'found'; hosts: string[] } | { status: 'none' } | { status: 'failed'; code: string };

export type MxLookup = (domain: string) => Promise<MxAnswer>;

const NO_ANSWER = new Set(['ENODATA', 'ENOTFOUND']);

export function createDnsMxLookup(options: { servers: string[]; timeoutMs?: number; tries?: number }): MxLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  return async (domain) => {
    try {
      const records = await resolver.resolveMx(domain);
      return records.length === 0 ? { status: 'none' } : { status: 'found', hosts: records.map((r) => r.exchange) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      return NO_ANSWER.has(code) ? { status: 'none' } : { status: 'failed', code };
    }
  };
}
