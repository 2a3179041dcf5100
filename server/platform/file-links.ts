import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Platform } from './context.js';

/** What a signed link opens; a signature made for one purpose never opens another. */
export type FileLinkPurpose = 'material' | 'voice-note' | 'recording';

/** Long enough to watch a long video; short enough that a leaked link soon stops working. */
const LINK_TTL_SECONDS = 6 * 3600;

function digest(platform: Platform, purpose: string, fileOwnerId: string, userId: string, expires: number): string {
  return createHmac('sha256', platform.config.jwtSecret)
    .update(`${purpose}:${fileOwnerId}:${userId}:${expires}`)
    .digest('base64url');
}

/**
 * A signature for `?sig=`: <img>, <video> and <audio> cannot send an Authorization header, so list
 * answers carry URLs signed for the viewer and the one resource (materials, voice notes, call recordings).
 */
export function signFileLink(platform: Platform, purpose: FileLinkPurpose, resourceId: string, userId: string): string {
  // Rounded so a list fetched twice in the same hour gives the same URLs (the browser cache keeps working).
  const hour = 3600;
  const expires = Math.ceil((platform.clock.now().getTime() / 1000 + LINK_TTL_SECONDS) / hour) * hour;
  return `${userId}.${expires}.${digest(platform, purpose, resourceId, userId, expires)}`;
}

/** The user id the signature was made for, or undefined when it is forged, for another resource or expired. */
export function verifyFileLink(
  platform: Platform,
  purpose: FileLinkPurpose,
  resourceId: string,
  sig: string | undefined,
): string | undefined {
  const [userId, expiresText, mac] = sig?.split('.') ?? [];
  if (!userId || !expiresText || !mac || !/^[0-9a-f]{24}$/.test(userId) || !/^\d+$/.test(expiresText)) return undefined;
  const expires = Number(expiresText);
  if (expires * 1000 < platform.clock.now().getTime()) return undefined;
  const expected = Buffer.from(digest(platform, purpose, resourceId, userId, expires));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}
