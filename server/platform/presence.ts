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
  /** Refreshes the heartbeat of every socket this node holds. */
  heartbeat(sockets: Array<{ userId: string; socketId: string }>): Promise<void>;
}

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
    async heartbeat(sockets) {
      if (sockets.length === 0) return;
      const batch = redis.multi();
      for (const { userId, socketId } of sockets) batch.zadd(key(userId), now(), socketId).expire(key(userId), expireSeconds);
      await batch.exec();
    },
  };
}
