// Who the client of an HTTP request is when proxies stand in front (D17's identity, the stream allowance,
// /metrics, the logs). Proxies are trusted by address (INBOXD_TRUST_PROXY: their addresses or CIDRs) or by
// count (a number of hops), never by a flag: X-Forwarded-For is read from the right, each trusted proxy
// passing on to the address it received the request from, and the first address that is no trusted proxy
// is the client. Entries that are not IP addresses are skipped; an address the client wrote itself
// (anything left of it) is never reached.
import { BlockList, isIP } from 'node:net';

export type TrustedProxies = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: string[] };

const MAX_HOPS = 10;

/** A plain address: IPv4-mapped IPv6 as IPv4, no zone. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped !== null ? (mapped[1] as string) : (address.split('%')[0] as string);
}

/** Parses INBOXD_TRUST_PROXY: empty or `off`; a hop count; or comma-separated addresses and CIDRs. Returns
 * an error message for anything else (`on` included: trusting every sender's header is what this prevents). */
export function parseTrustedProxies(value: string): TrustedProxies | string {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'off' || text === 'false' || text === '0' || text === 'no') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { kind: 'hops', hops } : `a hop count is at most ${MAX_HOPS}`;
  }
  if (['on', 'true', '1', 'yes'].includes(text))
    return "name the proxies (addresses or CIDRs such as 10.0.0.0/8) or give a hop count: `on` would trust any sender's X-Forwarded-For";
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  for (const entry of list) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) return `${entry} is not an IP address or CIDR`;
  }
  return { kind: 'addresses', list };
}

export interface ClientAddressRule {
  /** The client's address, from the socket's peer and the X-Forwarded-For header. */
  clientOf(peer: string | undefined, forwardedFor: string | string[] | undefined): string;
  /** Whether the socket's peer is a trusted proxy (whose X-Forwarded-Proto may be honoured). */
  trusts(peer: string | undefined): boolean;
  /** Whether any proxy is trusted at all. */
  readonly any: boolean;
}

export function clientAddressRule(trusted: TrustedProxies): ClientAddressRule {
  const blocks = new BlockList();
  if (trusted.kind === 'addresses') {
    for (const entry of trusted.list) {
      const [address = '', bits] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) blocks.addAddress(address, type);
      else blocks.addSubnet(address, Number(bits), type);
    }
  }
  const listed = (address: string) => blocks.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return {
    any: trusted.kind !== 'none',
    trusts: (peer) =>
      peer !== undefined &&
      (trusted.kind === 'hops' ? trusted.hops > 0 : trusted.kind === 'addresses' && listed(plain(peer))),
    clientOf(peer, forwardedFor) {
      const socket = peer === undefined ? '' : plain(peer);
      if (trusted.kind === 'none' || socket === '') return socket;
      const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
      const hops = header
        .split(',')
        .map((entry) => plain(entry.trim()))
        .filter((entry) => isIP(entry) !== 0)
        .reverse();
      if (trusted.kind === 'hops') {
        // The socket's peer is the nearest proxy; each further proxy adds the address it received from.
        return trusted.hops === 0 ? socket : (hops[Math.min(trusted.hops, hops.length) - 1] ?? socket);
      }
      let client = socket;
      for (const address of hops) {
        if (!listed(client)) return client;
        client = address;
      }
      return client;
    },
  };
}
