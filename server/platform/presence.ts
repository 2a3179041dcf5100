import type { Redis } from 'ioredis';

/**
 * How many sockets (tabs, devices) each user has open, across every API node, kept in Redis.
 * Each socket is a member of a per-user sorted set scored by its last heartbeat, so the sockets of a
 * node that died without saying goodbye stop counting after STALE_AFTER_MS instead of forever.
 */
export const HEARTBEAT_MS = 30_000;
export const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

export interface Presence {
  connected(userId: string, socketId: string): Promise<void>;
  disconnected(userId: string, socketId: string): Promise<void>;
  count(userId: string): Promise<number>;
  /**
   * Counts a new socket in unless the user already has `max` live ones (across every node); false when refused.
   * Check and add are one step, so parallel handshakes cannot all slip under the cap.
   */
  admit(userId: string, socketId: string, max: number): Promise<boolean>;
  /** Refreshes the heartbeat of every socket this node holds. */
  heartbeat(sockets: Array<{ userId: string; socketId: string }>): Promise<void>;
}

const ADMIT = `redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1`;

export function redisPresence(redis: Redis, redisPrefix: string, now: () => number = Date.now): Presence {
  const key = (userId: string) => `${redisPrefix}:presence:${userId}`;
  const expireSeconds = Math.ceil(STALE_AFTER_MS / 1000);
  return {
    async connected(userId, socketId) {
      await redis.multi().zadd(key(userId), now(), socketId).expire(key(userId), expireSeconds).exec();
    },
    async disconnected(userId, socketId) {
      await redis.zrem(key(userId), socketId);
    },
    async count(userId) {
      const k = key(userId);
      const [, counted] = (await redis.multi().zremrangebyscore(k, '-inf', now() - STALE_AFTER_MS).zcard(k).exec()) ?? [];
      return Number(counted?.[1] ?? 0);
    },
    async admit(userId, socketId, max) {
      const at = now();
      const admitted = await redis.eval(ADMIT, 1, key(userId), String(at - STALE_AFTER_MS), String(at), socketId, String(max), String(expireSeconds));
      return Number(admitted) === 1;
    },
    async heartbeat(sockets) {
      if (sockets.length === 0) return;
      const batch = redis.multi();
      for (const { userId, socketId } of sockets) batch.zadd(key(userId), now(), socketId).expire(key(userId), expireSeconds);
      await batch.exec();
    },
  };
}
