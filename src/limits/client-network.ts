// Who "one client" is for limits (D17, D25): an IPv4 address, or the /64 network of an IPv6 address,
// since one IPv6 host usually holds a whole /64. IPv4-mapped IPv6 addresses count as IPv4.
import { isIPv4, isIPv6 } from 'node:net';

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headParts.length - tailParts.length;
  return [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts].map((p) => p.padStart(4, '0'));
}

export function clientNetwork(ip: string | undefined): string {
  if (ip === undefined || ip === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped !== null) return mapped[1] as string;
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0] as string;
  if (!isIPv6(bare)) return ip;
  return `${expandIpv6(bare.toLowerCase()).slice(0, 4).join(':')}::/64`;
}
