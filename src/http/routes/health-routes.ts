// /healthz: the process answers. /readyz: the store answers too (503 unavailable when it does not).
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';

export function registerHealthRoutes(app: FastifyInstance, ping: () => Promise<void>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request) => {
    try {
      await ping();
    } catch (error) {
      request.log.warn({ err: error }, 'store not ready');
      throw new AppError('unavailable', 'The message store is not reachable.', { retryAfterSeconds: 5 });
    }
    return { status: 'ready' };
  });
}
