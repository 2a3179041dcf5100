import { randomBytes, randomInt } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { TRIAL_DAYS } from '../../../shared/constants.js';
import { AuthMessages, AuthTitles } from '../../../shared/schemas/auth/messages.js';
import type { Role } from '../../../shared/types/user.js';
import type { Platform } from '../../platform/context.js';
import { conflict } from '../../platform/errors.js';
import { isDuplicateKey } from '../../platform/db-errors.js';
import { findUserByReferralCode, insertUser, setUserRole, type UserDoc } from '../users/public.js';
import { waitlistPerksFor } from '../waitlist/public.js';

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string;
  uplineId?: ObjectId;
  /** Only trusted callers (the demo seed) choose these; sign-ups get generated ones. */
  referralCode?: string;
  avatarSeed?: string;
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** e.g. "ALEXW7K2": up to 5 letters of the name (easy to recognise in a link) and 3 random characters. */
function referralCodeFor(name: string): string {
  const letters = name
    .normalize('NFD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 5);
  const suffix = Array.from({ length: 3 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${letters || 'CW'}${suffix}`;
}

/** The upline of a `/join/{referralCode}` sign-up; an unknown code signs up without one. */
export async function uplineForReferralCode(
  platform: Platform,
  referralCode: string | undefined,
): Promise<ObjectId | undefined> {
  if (!referralCode?.trim()) return undefined;
  return (await findUserByReferralCode(platform.db, referralCode))?._id;
}

/** Writes a verified user: role sales, 90-day trial, early access when among the first 50 of the waitlist. */
export async function createVerifiedUser(platform: Platform, account: NewAccount): Promise<UserDoc> {
  const now = platform.clock.now();
  const email = account.email.trim().toLowerCase();
  const perks = await waitlistPerksFor(platform, email);
  for (let attempt = 0; ; attempt++) {
    const user: UserDoc = {
      _id: new ObjectId(),
      email,
      name: account.name.trim(),
      passwordHash: account.passwordHash,
      role: 'sales',
      emailVerified: true,
      accessGranted: perks.accessGranted,
      avatarSeed: account.avatarSeed ?? randomBytes(6).toString('hex'),
      ...(perks.contact ? { contact: perks.contact } : {}),
      referralCode:
        attempt === 0 && account.referralCode ? account.referralCode.toUpperCase() : referralCodeFor(account.name),
      ...(account.uplineId ? { uplineId: account.uplineId } : {}),
      plan: { tier: 'trial', trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000) },
      earlyAccess: perks.earlyAccess,
      sessionVersion: 0,
      createdAt: now,
    };
    try {
      await insertUser(platform.db, user);
      return user;
    } catch (error) {
      if (isDuplicateKey(error, 'email')) throw conflict(AuthMessages.accountExists, AuthTitles.registrationFailed);
      if (!isDuplicateKey(error, 'referralCode') || attempt >= 8) throw error;
    }
  }
}

/** Sets a role without the request flow. Only for trusted code (the demo seed, admin tools, tests) — never from a user's own request. */
export async function assignRoleDirectly(platform: Platform, userId: ObjectId, role: Role): Promise<void> {
  await setUserRole(platform.db, userId, role);
  // Open sockets sit in the rooms of the old role; they reconnect and get the new role's.
  platform.live.endUserSockets(userId.toHexString());
}
