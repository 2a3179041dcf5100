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
   * Counts a new socket in unless the user already has `max` live ones (across every node): 'refused'.
   * Check and add are one step, so parallel handshakes cannot all slip under the cap. In the same round trip it
   * says whether the user's access was revoked (`markRevoked`) since `issuedAtMs`: 'admitted, check the user'
   * then, and the caller reads the user before it lets the socket in.
   */
  admit(userId: string, socketId: string, max: number, issuedAtMs: number): Promise<Admission>;
  /** Refreshes the heartbeat of every socket this node holds. */
  heartbeat(sockets: Array<{ userId: string; socketId: string }>): Promise<void>;
}

export type Admission = 'refused' | 'admitted' | 'admitted, check the user';

const ADMIT = `redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
local revoked = redis.call('GET', KEYS[2])
if revoked and tonumber(revoked) + tonumber(ARGV[7]) >= tonumber(ARGV[6]) then return 2 end
return 1`;
const ADMISSIONS: Admission[] = ['refused', 'admitted', 'admitted, check the user'];

/**
 * Tokens issued up to this long after a revocation still get the full check: the revocation is stamped with one
 * node's clock and `iat` with another's.
 */
const CLOCK_SKEW_MARGIN_MS = 60_000;

/** Longer than any access token lives (ACCESS_TOKEN_TTL_SECONDS, 15 min) plus the skew margin. */
export const REVOCATION_KEPT_MS = 20 * 60_000;

/** Where a user's last revocation (role change, ended sessions, deletion) is stamped; see `markRevoked`. */
export const revokedKey = (redisPrefix: string, userId: string): string => `${redisPrefix}:revoked:${userId}`;

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
      const [, counted] =
        (await redis
          .multi()
          .zremrangebyscore(k, '-inf', now() - STALE_AFTER_MS)
          .zcard(k)
          .exec()) ?? [];
      return Number(counted?.[1] ?? 0);
    },
    async admit(userId, socketId, max, issuedAtMs) {
      const at = now();
      const answer = await redis.eval(
        ADMIT,
        2,
        key(userId),
        revokedKey(redisPrefix, userId),
        String(at - STALE_AFTER_MS),
        String(at),
        socketId,
        String(max),
        String(expireSeconds),
        String(issuedAtMs),
        String(CLOCK_SKEW_MARGIN_MS),
      );
      return ADMISSIONS[Number(answer)] ?? 'admitted, check the user';
    },
    async heartbeat(sockets) {
      if (sockets.length === 0) return;
      const batch = redis.multi();
      for (const { userId, socketId } of sockets)
        batch.zadd(key(userId), now(), socketId).expire(key(userId), expireSeconds);
      await batch.exec();
    },
  };
}
