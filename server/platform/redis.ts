import { Redis, type RedisOptions } from 'ioredis';

/**
 * One factory for every Redis connection. BullMQ workers need `maxRetriesPerRequest: null`;
 * commands from the API should fail fast instead of queueing while Redis is down, so /readyz can say so.
 */
export function createRedis(url: string, purpose: 'commands' | 'bullmq' | 'adapter' = 'commands', extra: RedisOptions = {}): Redis {
  const options: RedisOptions = {
    lazyConnect: false,
    enableReadyCheck: true,
    connectionName: `cw-${purpose}`,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    ...(purpose === 'commands' ? { maxRetriesPerRequest: 1, enableOfflineQueue: true } : { maxRetriesPerRequest: null }),
    ...extra,
  };
  const client = new Redis(url, options);
  // Errors surface through readiness and through the commands that fail; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  return client;
}
