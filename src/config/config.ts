// The validated configuration the composition root receives. Nothing else reads process.env.
import type { TrustedProxies } from '../limits/client-address.js';

export interface Config {
  dataDir: string;
  hostname: string;
  /** Public base URL; undefined means https://{hostname}:{the HTTPS port actually bound}. */
  baseUrl: string | undefined;
  /** Web origins besides the base URL's that may call /mcp. */
  mcpOrigins: string[];
  mxHost: string;
  smtpPort: number;
  httpPort: number;
  httpsPort: number;
  listen: string;
  publicDomains: string[];
  premiumDomains: string[];
  dnsServers: string[];
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  /** The proxies whose X-Forwarded-* headers are honoured (limits/client-address.ts). */
  trustProxy: TrustedProxies;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  smtpMaxConnections: number;
  smtpMaxConnectionsPerIp: number;
  parserThreads: number;
  /** D17 limits multiplied by this (load tests only). */
  rateLimitScale: number;
  sqliteSynchronous: 'full' | 'normal';
  metricsToken: string | undefined;
}
