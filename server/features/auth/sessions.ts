import { ObjectId } from 'mongodb';
import { AuthMessages } from '../../../shared/schemas/auth/messages.js';
import type { Platform } from '../../platform/context.js';
import { unauthenticated } from '../../platform/errors.js';
import { endAccessTokens, findUserById, type UserDoc } from '../users/public.js';
import { newOpaqueToken, sha256 } from './codes.js';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
} from './repository.js';

/** "Remember me" keeps the session 30 days; otherwise a browser-session cookie, and the server forgets it after 12 h. */
export const PERSISTENT_SESSION_SECONDS = 30 * 24 * 3600;
export const BROWSER_SESSION_SECONDS = 12 * 3600;

export interface IssuedRefreshToken {
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

async function issue(
  platform: Platform,
  userId: ObjectId,
  family: string,
  persistent: boolean,
): Promise<IssuedRefreshToken> {
  const token = newOpaqueToken();
  const now = platform.clock.now();
  // Sliding: each rotation extends the session, so an active user is not signed out mid-work.
  const expiresAt = new Date(
    now.getTime() + (persistent ? PERSISTENT_SESSION_SECONDS : BROWSER_SESSION_SECONDS) * 1000,
  );
  await insertRefreshToken(platform.db, {
    _id: new ObjectId(),
    userId,
    tokenHash: sha256(token),
    family,
    persistent,
    createdAt: now,
    expiresAt,
    rotatedAt: null,
    revokedAt: null,
  });
  return { token, persistent, expiresAt };
}

/** A new sign-in: a new token family. */
export function startSession(platform: Platform, user: UserDoc, persistent: boolean): Promise<IssuedRefreshToken> {
  return issue(platform, user._id, newOpaqueToken(), persistent);
}

/**
 * Swaps a refresh token for a new one of the same family. A token that was already rotated means it was
 * copied: the whole family is revoked, so both the thief and the user must sign in again.
 */
export async function rotateSession(
  platform: Platform,
  token: string | undefined,
): Promise<{ user: UserDoc; refresh: IssuedRefreshToken }> {
  if (!token) throw unauthenticated(AuthMessages.sessionEnded);
  const now = platform.clock.now();
  const tokenHash = sha256(token);
  const current = await markRefreshTokenRotated(platform.db, tokenHash, now);
  if (!current) {
    const known = await findRefreshToken(platform.db, tokenHash);
    if (known?.rotatedAt) {
      await revokeRefreshFamily(platform.db, known.family, now);
      // The copy may already have bought access tokens and sockets: end them all. The user's other devices hold
      // refresh tokens of other families and get new access tokens silently.
      await endAccessTokens(platform.db, known.userId);
      platform.live.endUserSockets(known.userId.toHexString());
      platform.log.warn(
        { userId: known.userId.toHexString(), family: known.family },
        'refresh token reused; session family revoked',
      );
    }
    throw unauthenticated(AuthMessages.sessionEnded);
  }
  const user = await findUserById(platform.db, current.userId);
  if (!user) throw unauthenticated(AuthMessages.sessionEnded);
  return { user, refresh: await issue(platform, user._id, current.family, current.persistent) };
}

/** Sign-out: the presented token's family ends (other devices keep their own sessions). */
export async function endSession(platform: Platform, token: string | undefined): Promise<void> {
  if (!token) return;
  const known = await findRefreshToken(platform.db, sha256(token));
  if (known) await revokeRefreshFamily(platform.db, known.family, platform.clock.now());
}

/**
 * Every refresh token of the user is revoked and every open socket closed, on every node. A caller that answers
 * the same device with a new session closes the sockets itself once that answer is out (`closeSockets: false`):
 * closed earlier, this device's socket would reconnect, be refused and refresh with the cookie just revoked.
 */
export async function endAllSessions(
  platform: Platform,
  userId: ObjectId,
  options: { closeSockets?: boolean } = {},
): Promise<void> {
  await revokeUserRefreshTokens(platform.db, userId, platform.clock.now());
  if (options.closeSockets !== false) platform.live.endUserSockets(userId.toHexString());
}
