import { Redis, type RedisOptions } from 'ioredis';

/** The one sentence a request that needs Redis answers (503) while Redis is down. */
export const REDIS_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** Longest a command from a request may wait for Redis before the request answers 503. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_500;

// What ioredis rejects a command with when the server is gone, as opposed to an answer from the server itself.
const OUTAGE_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed.',
  'Command timed out',
  'Reached the max retries per request limit',
];
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function isRedisOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (OUTAGE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return true;
  return OUTAGE_MESSAGES.some((m) => error.message.startsWith(m));
}

/**
 * One factory for every Redis connection. BullMQ workers need `maxRetriesPerRequest: null`;
 * commands from the API should fail fast instead of queueing while Redis is down, so /readyz can say so.
 */
export function createRedis(
  url: string,
  purpose: 'commands' | 'bullmq' | 'adapter' = 'commands',
  extra: RedisOptions = {},
): Redis {
  const options: RedisOptions = {
    lazyConnect: false,
    enableReadyCheck: true,
    connectionName: `cw-${purpose}`,
    // At most 1 s between attempts, so every connection is back about a second after Redis is.
    retryStrategy: (times) => Math.min(times * 200, 1_000),
    ...(purpose === 'commands'
      ? { maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }
      : { maxRetriesPerRequest: null }),
    ...extra,
  };
  const client = new Redis(url, options);
  // Errors surface through readiness and through the commands that fail; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  if (purpose === 'commands') {
    // Commands wait for the first connection (startup), but once connected a command issued while Redis is down
    // fails at once, so the request answers 503 instead of waiting for a reconnection that may take a while.
    client.once('ready', () => {
      client.options.enableOfflineQueue = false;
    });
  }
  return client;
}
