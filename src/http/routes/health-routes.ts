// /healthz: the process answers. /readyz: the store (and Redis, when shared) answer too (503 unavailable
// when one does not), so a balancer takes a node that lost them out of rotation.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';

export function registerHealthRoutes(app: FastifyInstance, ping: () => Promise<void>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request) => {
    try {
      await ping();
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      throw new AppError('unavailable', 'The message store or the shared limiter is not reachable.', {
        retryAfterSeconds: 5,
      });
    }
    return { status: 'ready' };
  });
}
