// Every configuration key of D27 in one table: its environment variable, default, description and
// validation. docs/config.md is checked against this table by a test, so the two cannot drift.
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { parseTrustedProxies } from '../limits/client-address.js';
import { normaliseDomain } from '../mail/address.js';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);

function hostLabelCheck(name: string): boolean {
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(name);
}

/** A host name, lower-cased and in its ASCII (punycode) form, as D7 stores domains. */
const hostName = z
  .string()
  .trim()
  .transform((v) => domainToASCII(v.toLowerCase().replace(/\.$/, '')))
  .refine(hostLabelCheck, 'not a valid host name');

/** A list of mail domains, normalised by the same rule that addresses use (D7), so every listed
 * domain can really receive mail. */
/** Web origins (scheme, host and port), each written as a URL and kept as its origin. */
const originList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o.length > 0),
  )
  .superRefine((list, ctx) => {
    for (const o of list)
      if (!URL.canParse(o) || !/^https?:$/.test(new URL(o).protocol))
        ctx.addIssue({ code: 'custom', message: `${o} is not an http(s) origin` });
  })
  .transform((list) => list.map((o) => new URL(o).origin));

const domainList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((d) => d.trim())
      .filter((d) => d.length > 0),
  )
  .superRefine((list, ctx) => {
    for (const d of list)
      if (normaliseDomain(d) === null) ctx.addIssue({ code: 'custom', message: `${d} is not a valid mail domain` });
  })
  .transform((list) => [...new Set(list.map((d) => normaliseDomain(d) as string))]);

/** Resolver addresses as node's dns.setServers takes them: an IP, `ipv4:port` or `[ipv6]:port`. */
function isDnsServer(entry: string): boolean {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(entry);
  if (match === null) return isIP(entry) !== 0;
  const portNumber = Number(match[3]);
  const host = match[1] ?? match[2] ?? '';
  return portNumber >= 1 && portNumber <= 65535 && (match[1] !== undefined ? isIP(host) === 6 : isIP(host) === 4);
}

const dnsServerList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .superRefine((list, ctx) => {
    for (const s of list)
      if (!isDnsServer(s))
        ctx.addIssue({ code: 'custom', message: `${s} is not an IP address, ip:port or [ipv6]:port` });
  });

export interface ConfigKey {
  env: string;
  default: string | undefined;
  description: string;
  schema: z.ZodType;
}

export const configKeys = {
  dataDir: {
    env: 'INBOXD_DATA_DIR',
    default: './data',
    description: 'SQLite database and generated certificate',
    schema: z.string().min(1),
  },
  hostname: {
    env: 'INBOXD_HOSTNAME',
    default: 'localhost',
    description: 'host of {base_url}; also the HELO name',
    schema: hostName,
  },
  baseUrl: {
    env: 'INBOXD_BASE_URL',
    default: undefined,
    description: 'public base URL used in attachment urls; default https://{hostname}:{https_port}',
    schema: z.url({ protocol: /^https?$/ }).optional(),
  },
  mcpOrigins: {
    env: 'INBOXD_MCP_ORIGINS',
    default: '',
    description: "comma-separated web origins, besides {base_url}'s, whose pages may call /mcp; none by default",
    schema: originList,
  },
  mxHost: {
    env: 'INBOXD_MX_HOST',
    default: undefined,
    description: 'the MX host name that connects own domains (D11); default {hostname}',
    schema: hostName.optional(),
  },
  smtpPort: { env: 'INBOXD_SMTP_PORT', default: '2525', description: 'SMTP listener (25 in production)', schema: port },
  httpPort: { env: 'INBOXD_HTTP_PORT', default: '8080', description: 'plain HTTP, redirects only (D18)', schema: port },
  httpsPort: { env: 'INBOXD_HTTPS_PORT', default: '8443', description: 'the API, MCP and the page', schema: port },
  listen: {
    env: 'INBOXD_LISTEN',
    default: '127.0.0.1',
    description: 'bind address of all listeners',
    schema: z.union([z.ipv4(), z.ipv6(), z.literal('localhost')]),
  },
  publicDomains: {
    env: 'INBOXD_PUBLIC_DOMAINS',
    default: 'inboxd.test',
    description: 'comma-separated public domains',
    schema: domainList,
  },
  premiumDomains: {
    env: 'INBOXD_PREMIUM_DOMAINS',
    default: '',
    description: 'comma-separated premium pool',
    schema: domainList,
  },
  dnsServers: {
    env: 'INBOXD_DNS_SERVERS',
    default: '',
    description:
      'resolvers for MX checks (D11): IP addresses, `ip:port` or `[ipv6]:port` allowed; empty means the system resolvers',
    schema: dnsServerList,
  },
  tlsCert: {
    env: 'INBOXD_TLS_CERT',
    default: undefined,
    description: 'PEM certificate file; generated in the data directory when unset',
    schema: z.string().min(1).optional(),
  },
  tlsKey: {
    env: 'INBOXD_TLS_KEY',
    default: undefined,
    description: 'PEM private key file; generated in the data directory when unset',
    schema: z.string().min(1).optional(),
  },
  trustProxy: {
    env: 'INBOXD_TRUST_PROXY',
    default: 'off',
    description:
      'the proxies in front, whose X-Forwarded-For and -Proto are honoured: their addresses or CIDRs, comma-separated, or a hop count; off by default',
    schema: z.string().transform((value, ctx) => {
      const trusted = parseTrustedProxies(value);
      if (typeof trusted === 'string') {
        ctx.addIssue({ code: 'custom', message: trusted });
        return z.NEVER;
      }
      return trusted;
    }),
  },
  databaseUrl: {
    env: 'INBOXD_DATABASE_URL',
    default: undefined,
    description: 'postgres://… selects PostgreSQL; default SQLite in the data directory',
    schema: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  },
  databasePoolSize: {
    env: 'INBOXD_DATABASE_POOL_SIZE',
    default: '10',
    description: 'PostgreSQL connections each node may open',
    schema: positiveInt.max(1000),
  },
  redisUrl: {
    env: 'INBOXD_REDIS_URL',
    default: undefined,
    description: 'redis://… shares limits and events across nodes; default in-process',
    schema: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
  },
  redisPrefix: {
    env: 'INBOXD_REDIS_PREFIX',
    default: 'inboxd:',
    description: 'put before every Redis key and channel, so deployments can share one Redis',
    schema: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[\w:.-]+$/, 'letters, digits, _ : . - only'),
  },
  logLevel: {
    env: 'INBOXD_LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  },
  smtpMaxConnections: {
    env: 'INBOXD_SMTP_MAX_CONNECTIONS',
    default: '1000',
    description: 'SMTP connections open at once, all clients together (D25)',
    schema: positiveInt,
  },
  smtpMaxConnectionsPerIp: {
    env: 'INBOXD_SMTP_MAX_CONNECTIONS_PER_IP',
    default: '50',
    description: 'SMTP connections open at once from one IP address (an IPv6 /64) (D25)',
    schema: positiveInt,
  },
  sqliteSynchronous: {
    env: 'INBOXD_SQLITE_SYNCHRONOUS',
    default: 'full',
    description:
      'full (D10: fsync before every 250) or normal (no fsync per commit; for measurements only, warned at start)',
    schema: z.enum(['full', 'normal']),
  },
  metricsToken: {
    env: 'INBOXD_METRICS_TOKEN',
    default: undefined,
    description: 'bearer token for GET /metrics; when unset only loopback clients may read it',
    schema: z.string().min(16, 'at least 16 characters').optional(),
  },
  rateLimitScale: {
    env: 'INBOXD_RATE_LIMIT_SCALE',
    default: '1',
    description: 'multiplies every rate limit of D17 (load tests and benchmarks only; warned at start)',
    schema: positiveInt.max(1_000_000),
  },
  parserThreads: {
    env: 'INBOXD_PARSER_THREADS',
    default: '2',
    description:
      'worker threads that parse MIME off the main thread (D25): at most this many; the first from the start, the others while it is busy (P53)',
    schema: positiveInt.max(64),
  },
} satisfies Record<string, ConfigKey>;

export type ConfigName = keyof typeof configKeys;
