// GET /metrics: Prometheus text format for operators. The figures say how busy the service is and what
// it refuses, which is not for everyone on the internet: with INBOXD_METRICS_TOKEN set the scraper sends
// it as a bearer token; without one only a client on this host (loopback, by the socket's own address,
// never X-Forwarded-For) may read it (P28).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Metrics } from '../../metrics/metrics.js';

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (match?.[1] === undefined) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token !== undefined) return tokenMatches(request.headers.authorization, token);
  return isLoopback(request.socket.remoteAddress);
}

export function registerMetricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, token)) {
      throw new AppError('forbidden', token === undefined ? 'Metrics are served to this host only; set INBOXD_METRICS_TOKEN to scrape from elsewhere.' : 'Send the metrics token as Authorization: Bearer <token>.');
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

/** Counts every response by its route template (never the raw URL, whose ids would explode the label
 * set), method and status, with its latency. */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.http.observe(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
