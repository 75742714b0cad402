// Opens the engines that nodes share besides the store: the Redis-backed limiter (D17) and delivery events,
// for the composition root (app.ts) when INBOXD_REDIS_URL is set. With app.ts and storage.ts, the only files
// that know concrete adapters (checked by .dependency-cruiser.cjs).
import type { Clock } from './clock.js';
import type { MailEvents } from './events/mail-events.js';
import type { RateLimiter } from './limits/rate-limiter.js';

export interface SharedEngines {
  limiter: RateLimiter;
  events: MailEvents;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The Redis-backed limiter and events, shared by every node. A test's clock, when given, rules the
 * limiter; in production the limiter runs on Redis's clock, which every node shares. ioredis is loaded
 * only here, so a node without Redis does not hold it (issue 15). */
export async function openSharedEngines(url: string, prefix: string, clock: Clock | undefined): Promise<SharedEngines> {
  const [{ connectRedis }, { createRedisLimiter }, { createRedisEvents }] = await Promise.all([
    import('./redis-connection.js'),
    import('./limits/redis-limiter.js'),
    import('./events/redis-events.js'),
  ]);
  const redis = await connectRedis(url);
  const subscriber = await connectRedis(url).catch(async (error: unknown) => {
    redis.disconnect();
    throw error;
  });
  const limiter = createRedisLimiter(clock === undefined ? { redis, prefix } : { redis, prefix, clock });
  const events = await createRedisEvents({ publisher: redis, subscriber, prefix });
  return {
    limiter,
    events,
    ping: async () => {
      await redis.ping();
    },
    close: async () => {
      await Promise.all([
        redis.quit().catch(() => redis.disconnect()),
        subscriber.quit().catch(() => subscriber.disconnect()),
      ]);
    },
  };
}
