// Connection caps for the SMTP listener (D25): a global cap and a per-IP (IPv6 /64) cap, and the idle
// timeout of RFC 5321 §4.5.3.2.7 (5 minutes) shortened to about 10 s when most slots are taken, as
// Postfix does under stress.
import { clientNetwork } from '../limits/client-network.js';

export interface ConnectionLimitOptions {
  maxConnections: number;
  maxPerIp: number;
  idleTimeoutMs: number;
  busyTimeoutMs: number;
  /** Share of slots in use from which the short timeout applies. */
  busyShare: number;
}

export type ConnectionVerdict = 'admit' | 'server_full' | 'ip_full';

export function createConnectionLimits(options: ConnectionLimitOptions) {
  const open = new Map<string, string>();
  const perNetwork = new Map<string, number>();
  return {
    admit(sessionId: string, ip: string): ConnectionVerdict {
      if (open.size >= options.maxConnections) return 'server_full';
      const network = clientNetwork(ip);
      const count = perNetwork.get(network) ?? 0;
      if (count >= options.maxPerIp) return 'ip_full';
      perNetwork.set(network, count + 1);
      open.set(sessionId, network);
      return 'admit';
    },
    release(sessionId: string): void {
      const network = open.get(sessionId);
      if (network === undefined) return;
      open.delete(sessionId);
      const left = (perNetwork.get(network) ?? 1) - 1;
      if (left <= 0) perNetwork.delete(network);
      else perNetwork.set(network, left);
    },
    /** The idle timeout to apply now, given how many slots are taken. */
    idleTimeoutMs(): number {
      return open.size >= options.maxConnections * options.busyShare ? options.busyTimeoutMs : options.idleTimeoutMs;
    },
    openCount: () => open.size,
  };
}
