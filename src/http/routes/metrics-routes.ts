// GET /metrics: Prometheus text format for operators. The figures say how busy the service is and what
// it refuses, which is not for everyone on the internet: with INBOXD_METRICS_TOKEN set the scraper sends
// it as a bearer token; without one only a client on this host (loopback, by the socket's own address,
// never X-Forwarded-For) may read it (P28), and nobody when proxies are trusted: behind a proxy on this
// host every relayed request comes from loopback.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Metrics } from '../../metrics/metrics.js';

function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (match?.[1] === undefined) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface MetricsAccess {
  token: string | undefined;
  /** Proxies are trusted (INBOXD_TRUST_PROXY): then only the token opens /metrics. */
  behindProxies: boolean;
}

function mayRead(request: FastifyRequest, access: MetricsAccess): boolean {
  if (access.token !== undefined) return tokenMatches(request.headers.authorization, access.token);
  return !access.behindProxies && isLoopback(request.socket.remoteAddress);
}

function refusal(access: MetricsAccess): string {
  if (access.token !== undefined) return 'Send the metrics token as Authorization: Bearer <token>.';
  if (access.behindProxies) return 'Behind trusted proxies metrics need a token: set INBOXD_METRICS_TOKEN.';
  return 'Metrics are served to this host only; set INBOXD_METRICS_TOKEN to scrape from elsewhere.';
}

export function registerMetricsRoutes(app: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, access)) throw new AppError('forbidden', refusal(access));
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

/** Counts every response by its route template (never the raw URL, whose ids would explode the label
 * set), method and status, with its latency. */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.http.observe(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
