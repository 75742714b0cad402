// The one composition root (with storage.ts and shared-engines.ts, which open the adapters): builds the store, limiter, parser pool, inbox use cases and the edges
// (SMTP, HTTPS, the plain-HTTP redirect, the sweeper), starts them, and stops them in order.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/config.js';
import { createDnsMxLookup } from './domains/dns-mx-lookup.js';
import { createDomainRegistry } from './domains/domain-registry.js';
import { createMxCheck } from './domains/mx-check.js';
import { createHttpsApp } from './http/https-app.js';
import { createRedirectServer } from './http/https-redirect.js';
import { trackUnusedConnections } from './http/unused-connections.js';
import { createInbox, type Inbox } from './inbox/inbox.js';
import { createMemoryEvents } from './events/memory-events.js';
import type { MailEvents } from './events/mail-events.js';
import { createMemoryLimiter } from './limits/memory-limiter.js';
import type { RateLimiter } from './limits/rate-limiter.js';
import { scaledLimiter } from './limits/scaled-limiter.js';
import { createIdGenerator } from './mail/ids.js';
import { createParserPool } from './mail/parser-pool.js';
import { warmExtraction } from './mail/warm-up.js';
import { createLogger } from './logger.js';
import { registerMcpEndpoint } from './mcp/mcp-endpoint.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { clientAddressRule } from './limits/client-address.js';
import { VERSION } from './version.js';
import { createSweeper, type Sweeper } from './retention/sweeper.js';
import { createSmtpEdge } from './smtp/smtp-edge.js';
import { openSharedEngines } from './shared-engines.js';
import { openStorage } from './storage.js';
import type { DirectoryStore } from './store/directory-store.js';
import type { MessageStore } from './store/message-store.js';
import { loadTlsMaterial, type TlsMaterial } from './tls/tls-material.js';

export interface AppOptions {
  config: Config;
  clock?: Clock;
  logger?: Logger;
  sweepIntervalMs?: number;
  /** How long stop() lets SMTP sessions in DATA finish before telling them 421 (default 10 s). */
  smtpCloseTimeoutMs?: number;
}

export interface RunningApp {
  config: Config;
  smtpPort: number;
  httpsPort: number;
  httpPort: number;
  baseUrl: string;
  tls: TlsMaterial;
  inbox: Inbox;
  store: MessageStore;
  directory: DirectoryStore;
  events: MailEvents;
  sweeper: Sweeper;
  metrics: Metrics;
  stop(): Promise<void>;
}

/** The limiter, counting what it refuses (D17) for /metrics. */
function countingRefusals(limiter: RateLimiter, metrics: Metrics): RateLimiter {
  return {
    async consume(rules) {
      const verdict = await limiter.consume(rules);
      if (!verdict.allowed) metrics.rateLimited();
      return verdict;
    },
    close: () => limiter.close(),
  };
}

/** Everything but the listeners: the store, limiter, events, parser pool, inbox use cases, the HTTPS
 * application (routes and MCP endpoint, not listening) and the sweeper (not started). startApp listens;
 * tests of single HTTP rules call `https.inject()` on it (test/support/fast-app.ts). */
export interface ComposedApp {
  config: Config;
  clock: Clock;
  logger: Logger;
  tls: TlsMaterial;
  inbox: Inbox;
  store: MessageStore;
  directory: DirectoryStore;
  events: MailEvents;
  metrics: Metrics;
  sweeper: Sweeper;
  https: FastifyInstance;
  storeKind: 'sqlite' | 'postgres';
  /** INBOXD_BASE_URL, or once the HTTPS port is known, https://<hostname>:<port>. */
  readonly baseUrl: string;
  setBaseUrl(url: string): void;
  /** Stops the sweeper, the parser pool, the limiter and events, and closes the store, in that order. */
  close(): Promise<void>;
}

export async function composeApp(options: AppOptions): Promise<ComposedApp> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const tls = await loadTlsMaterial({
    certFile: config.tlsCert,
    keyFile: config.tlsKey,
    dataDir: config.dataDir,
    hostname: config.hostname,
  });
  if (tls.generatedAt !== undefined) {
    logger.warn(
      { certificate: tls.generatedAt },
      'no certificate configured: using a self-signed one (set INBOXD_TLS_CERT and INBOXD_TLS_KEY)',
    );
  }

  // The store's size is asked at each scrape, once the store is open.
  let sizeOfStore: MessageStore['size'] = () => Promise.reject(new Error('not open yet'));
  const metrics = createMetrics(() => sizeOfStore());
  // The server waits only briefly for another process's SQLite lock: the wait blocks its event loop, and
  // a refused write is retried by its sender (451) or client (503 with Retry-After).
  const storage = await openStorage(config, { lockWaitMs: 250, onFault: (error) => metrics.storageFault(error) });
  const { messages: store, directory } = storage;
  sizeOfStore = () => store.size();
  for (const warning of storage.warnings) logger.warn(warning);
  const shared =
    config.redisUrl === undefined
      ? undefined
      : await openSharedEngines(config.redisUrl, config.redisPrefix, options.clock).catch(async (error: unknown) => {
          await storage.close();
          throw error;
        });
  const limiter = countingRefusals(
    scaledLimiter(shared?.limiter ?? createMemoryLimiter(clock), config.rateLimitScale),
    metrics,
  );
  if (config.rateLimitScale !== 1) {
    logger.warn(
      { scale: config.rateLimitScale },
      'rate limits multiplied (INBOXD_RATE_LIMIT_SCALE): for load tests only, not for a public service',
    );
  }
  const events = shared?.events ?? createMemoryEvents();
  const ping = async () => {
    await Promise.all([store.ping(), shared?.ping()]);
  };
  const parser = createParserPool({ threads: config.parserThreads, timeoutMs: 10_000 });
  // Before any listener opens: the first readers find the parser threads and the extraction ready (P39).
  await parser.warm();
  warmExtraction();
  let baseUrl = config.baseUrl ?? '';
  const inbox = createInbox({
    store,
    directory,
    limiter,
    domains: createDomainRegistry(config, directory),
    events,
    mx: createMxCheck({ lookup: createDnsMxLookup({ servers: config.dnsServers }), mxHost: config.mxHost, clock }),
    parser,
    clock,
    newId: createIdGenerator(clock),
    baseUrl: () => baseUrl,
  });

  const clientAddress = clientAddressRule(config.trustProxy);
  const https = await createHttpsApp({
    tls,
    clientAddress,
    inbox,
    ping,
    logger,
    baseUrl: () => baseUrl,
    metrics,
    metricsToken: config.metricsToken,
  });
  registerMcpEndpoint(https, {
    inbox,
    baseUrl: () => baseUrl,
    clientAddress,
    allowedOrigins: config.mcpOrigins,
    version: VERSION,
  });
  const sweeper = createSweeper({
    store,
    clock,
    intervalMs: options.sweepIntervalMs ?? 60_000,
    logger,
    onRun: (result) => metrics.sweep(result),
  });

  return {
    config,
    clock,
    logger,
    tls,
    inbox,
    store,
    directory,
    events,
    metrics,
    sweeper,
    https,
    storeKind: storage.kind,
    get baseUrl() {
      return baseUrl;
    },
    setBaseUrl: (url) => {
      baseUrl = url;
    },
    async close() {
      await sweeper.stop();
      await parser.close();
      await limiter.close();
      await events.close();
      await shared?.close();
      await storage.close();
    },
  };
}

/** Connections the kernel may hold for each listener before they are accepted (Node's default is 511; the
 * kernel caps it at net.core.somaxconn). A thousand clients connecting in the same moment, as keep-alive
 * pollers do when a node comes back, overflowed 511 and waited a second for their SYN's retry. */
const LISTEN_BACKLOG = 4096;

export async function startApp(options: AppOptions): Promise<RunningApp> {
  const composed = await composeApp(options);
  const { config, logger, tls, inbox, https, sweeper, metrics } = composed;
  const unusedConnections = trackUnusedConnections(https.server as unknown as HttpsServer);
  await https.listen({ port: config.httpsPort, host: config.listen, backlog: LISTEN_BACKLOG });
  const httpsPort = (https.server.address() as AddressInfo).port;
  if (config.baseUrl === undefined) composed.setBaseUrl(`https://${config.hostname}:${httpsPort}`);

  const redirect: Server = createRedirectServer(() => composed.baseUrl);
  redirect.listen({ port: config.httpPort, host: config.listen, backlog: LISTEN_BACKLOG });
  await once(redirect, 'listening');
  const httpPort = (redirect.address() as AddressInfo).port;

  const smtp = createSmtpEdge({
    hostname: config.hostname,
    tls,
    maxConnections: config.smtpMaxConnections,
    maxConnectionsPerIp: config.smtpMaxConnectionsPerIp,
    inbox,
    logger: logger.child({ edge: 'smtp' }),
    metrics: metrics.smtp,
    ...(options.smtpCloseTimeoutMs === undefined ? {} : { closeTimeoutMs: options.smtpCloseTimeoutMs }),
  });
  const smtpPort = await smtp.listen(config.smtpPort, config.listen, LISTEN_BACKLOG);

  sweeper.start();
  logger.info(
    {
      smtpPort,
      httpsPort,
      httpPort,
      baseUrl: composed.baseUrl,
      store: composed.storeKind,
      sharedLimitsAndEvents: config.redisUrl !== undefined,
      mxHost: config.mxHost,
      publicDomains: config.publicDomains,
      premiumDomains: config.premiumDomains.length,
    },
    'inboxd started',
  );

  let stopping: Promise<void> | undefined;
  async function stop(): Promise<void> {
    // Stop accepting first; let SMTP sessions finish; then the store goes last.
    redirect.close();
    redirect.closeAllConnections();
    const httpsClosed = https.close();
    unusedConnections.closeUnused();
    await Promise.all([smtp.close(), httpsClosed]);
    await composed.close();
    logger.info('inboxd stopped');
  }

  return {
    config,
    smtpPort,
    httpsPort,
    httpPort,
    get baseUrl() {
      return composed.baseUrl;
    },
    tls,
    inbox,
    store: composed.store,
    directory: composed.directory,
    events: composed.events,
    sweeper,
    metrics,
    stop: () => (stopping ??= stop()),
  };
}
