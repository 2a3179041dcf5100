import { createHash } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimited } from './errors.js';

const HIT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counter in Redis: at most `max` (times RATE_LIMIT_FACTOR) hits per `windowSeconds` for one key. The
 * one limiter for limits a service checks itself (posts and comments per user) and for `limitBy`.
 */
export async function hitLimit(redis: Redis, key: string, max: number, windowSeconds: number): Promise<LimitResult> {
  const [count, ttl] = (await redis.eval(HIT, 1, key, String(windowSeconds * 1000))) as [number, number];
  return { allowed: count <= max * factor, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
}

/**
 * Every limit is multiplied by this (RATE_LIMIT_FACTOR, default 1). The browser test run signs the same demo
 * accounts in from one address dozens of times a minute, which the real limits rightly refuse.
 */
let factor = 1;
export function scaleRateLimits(next: number): void {
  factor = next;
}

export const tooManyRequests = (seconds: number) =>
  rateLimited(`Too many requests. Please wait ${seconds}s and try again.`, seconds);

/** Options for @fastify/rate-limit on one route (per client address), answering with our error body. */
export function perIpLimit(max: number, windowSeconds: number) {
  return {
    max: () => max * factor,
    timeWindow: windowSeconds * 1000,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  };
}

/**
 * A second limiter keyed by something in the body (an e-mail, a challenge), so one account cannot be
 * hammered from many addresses. Keys are hashed: no e-mail addresses in Redis.
 */
export function limitBy(
  redis: Redis,
  prefix: string,
  options: { name: string; max: number; windowSeconds: number; key: (request: FastifyRequest) => string | undefined },
): preHandlerAsyncHookHandler {
  return async function limit(request) {
    const subject = options.key(request)?.trim().toLowerCase();
    if (!subject) return;
    const digest = createHash('sha256').update(subject).digest('base64url').slice(0, 22);
    const result = await hitLimit(
      redis,
      `${prefix}:rate:${options.name}:${digest}`,
      options.max,
      options.windowSeconds,
    ).catch(() => ({ allowed: true, retryAfter: 0 }));
    if (!result.allowed) throw tooManyRequests(result.retryAfter);
  };
}
