// The HTTPS application: the v1 API (with the mailbox's live stream), its OpenAPI document and reference
// page, health checks, /metrics, and the inbox page.
// Order of a request: X-Forwarded-Proto redirect (with trust_proxy) → CORS → route validation (400) →
// use case (429, 401–404) → JSON; errors from any step leave through error-handler.ts. A list request
// with a valid query is answered before fastify by the pollers' path (routes/mailbox-poll-path.ts), with
// the same schema, gate, use case and headers; it hands every refusal to fastify's route.
import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Inbox } from '../inbox/inbox.js';
import type { Metrics } from '../metrics/metrics.js';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './error-handler.js';
import { fastSerializerCompiler } from './fast-serializer.js';
import { redirectBody, redirectLocation, redirectStatus } from './https-redirect.js';
import { registerOpenApi } from './openapi.js';
import { createRouteTable } from './route-table.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { CORS_OPTIONS, simpleCorsHeaders } from './cors-policy.js';
import { registerWebPage } from './web-page.js';
import { registerAttachmentRoutes } from './routes/attachment-routes.js';
import { registerDomainsRoutes } from './routes/domains-routes.js';
import { registerHealthRoutes } from './routes/health-routes.js';
import { registerInboxRoutes } from './routes/inbox-routes.js';
import { registerMailboxEventsRoutes } from './routes/mailbox-events-routes.js';
import { registerMailboxRoutes } from './routes/mailbox-routes.js';
import { registerMailboxWaitRoutes } from './routes/mailbox-wait-routes.js';
import { registerMessageRoutes } from './routes/message-routes.js';
import { observeRequests, registerMetricsRoutes } from './routes/metrics-routes.js';
import type { ClientAddressRule } from '../limits/client-address.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address behind the trusted proxies, set first thing for every request. */
    clientAddress: string;
  }
}

export interface HttpsAppOptions {
  tls: { key: string; cert: string };
  /** Who the client is behind the trusted proxies (limits/client-address.ts). */
  clientAddress: ClientAddressRule;
  inbox: Inbox;
  ping: () => Promise<void>;
  logger: Logger;
  baseUrl: () => string;
  metrics: Metrics;
  /** Bearer token for /metrics; undefined: loopback clients only. */
  metricsToken?: string | undefined;
  /** The built page (dist/web by default). */
  webDir?: string;
}

export async function createHttpsApp(options: HttpsAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    https: { key: options.tls.key, cert: options.tls.cert },
    loggerInstance: options.logger,
    // The client's address is worked out by the rule below, never by trusting X-Forwarded-For wholesale.
    trustProxy: false,
    bodyLimit: 64 * 1024,
    // Errors raised before a route is found are JSON too (D16).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    return503OnClosing: true,
    // Two log lines for every request cost a third of a small request's time; one goes out at debug level
    // (below), and /metrics counts every request by route and status.
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as FastifyInstance;
  app.decorateRequest('clientAddress', '');
  // Hooks on every request take a callback, not a promise: an async hook costs a promise and a turn of
  // the microtask queue per request, which shows when a poll's whole cost is a tenth of a millisecond (P37).
  app.addHook('onRequest', (request, _reply, done) => {
    request.clientAddress = options.clientAddress.clientOf(
      request.socket.remoteAddress,
      request.headers['x-forwarded-for'],
    );
    done();
  });
  if (options.logger.isLevelEnabled('debug')) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          client: request.clientAddress,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);

  const routes = createRouteTable();
  app.addHook('onRoute', (route) => routes.add(route.url, route.method));
  installErrorHandling(app, routes);
  observeRequests(app, options.metrics);

  if (options.clientAddress.any) {
    app.addHook('onRequest', async (request, reply) => {
      if (
        request.headers['x-forwarded-proto'] === 'http' &&
        options.clientAddress.trusts(request.socket.remoteAddress)
      ) {
        return reply
          .code(redirectStatus(request.method))
          .header('Location', redirectLocation(options.baseUrl(), request.url))
          .type('application/json; charset=utf-8')
          .send(redirectBody);
      }
    });
  }
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    // A route that says how it may be cached keeps its word (the list: private, no-cache, P37).
    if (
      request.url.startsWith('/api/v1/') &&
      !request.url.startsWith('/api/v1/docs') &&
      !reply.hasHeader('cache-control')
    )
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  // D21: any origin may read, with bearer keys rather than cookies.
  await app.register(cors, CORS_OPTIONS);
  await registerOpenApi(app, options.baseUrl);
  registerHealthRoutes(app, options.ping);
  registerMetricsRoutes(app, options.metrics, {
    token: options.metricsToken,
    behindProxies: options.clientAddress.any,
  });
  registerMailboxRoutes(app, options.inbox, {
    clientAddress: options.clientAddress,
    metrics: options.metrics,
    // What the CORS plugin and the onSend hook above add to every answer of the route.
    fixedHeaders: [
      ...simpleCorsHeaders(),
      ...Object.entries(SECURITY_HEADERS).flatMap(([name, value]) => [name.toLowerCase(), value]),
    ],
    // The debug log writes a line per request from fastify's onResponse: every request goes there then.
    inFront: !options.logger.isLevelEnabled('debug'),
  });
  registerMailboxEventsRoutes(app, options.inbox);
  registerMailboxWaitRoutes(app, options.inbox);
  registerInboxRoutes(app, options.inbox);
  registerMessageRoutes(app, options.inbox);
  registerAttachmentRoutes(app, options.inbox);
  registerDomainsRoutes(app, options.inbox);
  await registerWebPage(app, options.webDir);
  return app;
}
