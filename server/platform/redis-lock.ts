import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

const WAIT_MS = 120_000;
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs `work` while this process alone holds `key` across every process sharing the Redis. The lock expires `holdMs`
 * after its holder dies (the app passes JOB_LOCK_MS, the time a dead worker's jobs stay held) and is renewed while
 * `work` runs; only the holder's token releases it, so a holder that
 * outlived its expiry never frees someone else's lock. Throws `busyMessage` after 120 s of waiting: a queued job is
 * then retried with back-off.
 */
export async function withRedisLock<T>(redis: Redis, key: string, busyMessage: string, holdMs: number, work: () => Promise<T>): Promise<T> {
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
