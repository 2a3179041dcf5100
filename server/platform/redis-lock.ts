import { randomBytes } from 'node:crypto';
import type { Platform } from './context.js';

const WAIT_MS = 120_000;
const RENEW =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs `work` while this process alone holds `key` across every process sharing the Redis. The lock expires
 * JOB_LOCK_MS after its holder dies (as a dead worker's jobs stay held) and is renewed while `work` runs; only the
 * holder's token releases it, so a holder that outlived its expiry never frees someone else's lock. Throws `busyMessage` after 120 s of waiting: a queued job is
 * then retried with back-off.
 */
export async function withRedisLock<T>(
  platform: Pick<Platform, 'redis' | 'config'>,
  key: string,
  busyMessage: string,
  work: () => Promise<T>,
): Promise<T> {
  const { redis } = platform;
  const holdMs = platform.config.jobLockMs;
  const token = randomBytes(12).toString('hex');
  const deadline = Date.now() + WAIT_MS;
  while ((await redis.set(key, token, 'PX', holdMs, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new Error(busyMessage);
    await new Promise((r) => setTimeout(r, 20));
  }
  const keepAlive = setInterval(() => {
    redis.eval(RENEW, 1, key, token, holdMs).catch(() => {});
  }, holdMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(keepAlive);
    await redis.eval(RELEASE, 1, key, token);
  }
}
