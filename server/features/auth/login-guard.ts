import type { Platform } from '../../platform/context.js';
import { enqueueEmail } from '../email/public.js';
import type { UserDoc } from '../users/public.js';
import { hashCode, newVerificationCode, sameHash, sha256 } from './codes.js';

/**
 * Wrong passwords for one account from any number of addresses must not lock its owner out (a per-account 429 would
 * let anyone do that). Past this many failures in the window, the account asks every sign-in for a code e-mailed to
 * its owner as well: guessing goes on without effect, and the owner gets in with the password and the code.
 */
export const LOGIN_FAILURES_BEFORE_CODE = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_CODE_TTL_SECONDS = 10 * 60;
/** A new code at most this often; the previous one stays valid meanwhile. */
const LOGIN_CODE_RESEND_SECONDS = 60;
const LOGIN_CODE_MAX_ATTEMPTS = 5;

const failuresKey = (platform: Platform, email: string) =>
  `${platform.config.redisPrefix}:auth:login-failures:${sha256(email)}`;
const codeKey = (platform: Platform, email: string) =>
  `${platform.config.redisPrefix}:auth:login-code:${sha256(email)}`;
const codeHash = (platform: Platform, email: string, code: string) =>
  hashCode(platform.config.jwtSecret, 'login-code', email, code.trim());

export async function needsLoginCode(platform: Platform, email: string): Promise<boolean> {
  return Number(await platform.redis.get(failuresKey(platform, email))) >= LOGIN_FAILURES_BEFORE_CODE;
}

/** A fixed window that starts with the first failure. */
export async function countLoginFailure(platform: Platform, email: string): Promise<void> {
  const key = failuresKey(platform, email);
  await platform.redis.multi().incr(key).expire(key, FAILURE_WINDOW_SECONDS, 'NX').exec();
}

/** E-mails a one-time sign-in code to the account's owner, unless one went out less than a minute ago. */
export async function sendLoginCode(platform: Platform, user: UserDoc): Promise<void> {
  const key = codeKey(platform, user.email);
  const code = newVerificationCode();
  const now = Date.now();
  // Claims the send slot atomically: two sign-ins at once send one code.
  const claimed = await platform.redis.set(`${key}:sent`, String(now), 'EX', LOGIN_CODE_RESEND_SECONDS, 'NX');
  if (!claimed) return;
  await platform.redis
    .multi()
    .hset(key, { codeHash: codeHash(platform, user.email, code), attempts: '0' })
    .expire(key, LOGIN_CODE_TTL_SECONDS)
    .exec();
  await enqueueEmail(platform, {
    key: `login-code-${user._id.toHexString()}-${now}`,
    to: user.email,
    template: 'login-code',
    data: { name: user.name, code },
  });
}

/**
 * Every try counts, right or wrong, and after 5 the code is dead. `consume` (password right too) deletes it: one use.
 * True when the code is the one last sent and has not expired.
 */
export async function checkLoginCode(
  platform: Platform,
  email: string,
  code: string,
  consume: boolean,
): Promise<boolean> {
  const key = codeKey(platform, email);
  const [[, stored], [, attempts]] = (await platform.redis
    .multi()
    .hget(key, 'codeHash')
    .hincrby(key, 'attempts', 1)
    .exec()) as [[Error | null, string | null], [Error | null, number]];
  if (!stored) {
    await platform.redis.del(key);
    return false;
  }
  if (attempts > LOGIN_CODE_MAX_ATTEMPTS || !sameHash(codeHash(platform, email, code), stored)) return false;
  if (consume) await platform.redis.del(key, `${key}:sent`);
  return true;
}
