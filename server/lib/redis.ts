import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection shared by everything that must agree across instances (rate-limit counters). Commands fail
 * fast instead of queueing while Redis is away, so a request never hangs on it; the limiter then lets the request
 * through (skipOnError) and the error is logged: a Redis outage degrades limits, not the whole site.
 */
export function connectRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
