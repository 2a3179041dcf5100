import { AuthTitles } from '../../../shared/schemas/auth/messages.js';
import { weakPasswordError } from '../../../shared/schemas/auth/password-strength.js';
import type { MeResponse } from '../../../shared/schemas/me/get.js';
import {
  PasswordChangeMessages,
  passwordChangeFormError,
  type PasswordChangeBody,
} from '../../../shared/schemas/me/password.js';
import {
  completePreferences,
  type PreferencesBody,
  type PreferencesResponse,
} from '../../../shared/schemas/me/preferences.js';
import { profileFormError, type ProfileBody } from '../../../shared/schemas/me/profile.js';
import { RoleMessages, type RoleResponse } from '../../../shared/schemas/me/role.js';
import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications/list.js';
import type { Role } from '../../../shared/types/user.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, forbidden, unauthenticated } from '../../platform/errors.js';
import { announceRoleRequest } from '../admin/public.js';
import { hashPassword, verifyPassword } from '../auth/public.js';
import { endAllSessions } from '../auth/public.js';
import {
  findUserById,
  requestRole,
  setNotificationPrefs,
  setPasswordAndEndSessions,
  toPublicUser,
  updateUserProfile,
  withdrawPendingRoleRequest,
  type UserDoc,
} from '../users/public.js';

/** ACCESS_MODE=waitlist lets in only users an admin granted, the first 50 of the waitlist, and admins. */
export function accessFor(platform: Platform, user: UserDoc): 'granted' | 'denied' {
  if (platform.config.accessMode === 'open') return 'granted';
  return user.accessGranted || user.earlyAccess || user.role === 'admin' ? 'granted' : 'denied';
}

export function describeMe(platform: Platform, user: UserDoc): MeResponse {
  return { ...toPublicUser(user), access: accessFor(platform, user) };
}

/**
 * Role selection never grants a privileged role: sales is assigned, owner becomes a request an admin
 * decides (the user stays sales), admin is refused. A user an admin already made owner or admin keeps it.
 */
export async function chooseRole(platform: Platform, user: UserDoc, role: Role): Promise<RoleResponse> {
  let notice: RoleResponse['notice'];
  if (role === 'admin' && user.role !== 'admin')
    throw forbidden(RoleMessages.adminDenied, RoleMessages.adminDeniedTitle);
  const hadPending = user.roleRequest?.status === 'pending';
  if (role === 'sales' && user.role === 'sales') await withdrawPendingRoleRequest(platform.db, user._id);
  if (role === 'owner' && user.role === 'sales') {
    await requestRole(platform.db, user._id, 'owner', platform.clock.now());
    notice = RoleMessages.ownerRequested;
  }
  if (user.role === 'sales' && (role === 'owner' || hadPending)) await announceRoleRequest(platform, user._id);
  const fresh = (await findUserById(platform.db, user._id)) ?? user;
  return { user: toPublicUser(fresh), ...(notice ? { notice } : {}) };
}

// --- profile ---

export async function updateProfile(platform: Platform, user: UserDoc, body: ProfileBody): Promise<MeResponse> {
  const changes: { name?: string; contact?: string } = {};
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.contact !== undefined) changes.contact = body.contact.trim();
  const problem = profileFormError(changes);
  if (problem) throw badRequest(problem);
  const fresh = await updateUserProfile(platform.db, user._id, changes);
  if (!fresh) throw unauthenticated();
  return describeMe(platform, fresh);
}

// --- password ---

/**
 * The current password proves the account holder is at the keyboard. The new password ends every session
 * (sessionVersion bumped, refresh tokens revoked); the caller starts a fresh one for this device.
 */
export async function changePassword(platform: Platform, user: UserDoc, body: PasswordChangeBody): Promise<UserDoc> {
  const problem =
    passwordChangeFormError(body) ?? weakPasswordError(body.newPassword, { email: user.email, name: user.name });
  if (problem) throw badRequest(problem, AuthTitles.validation);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest(PasswordChangeMessages.currentWrong, PasswordChangeMessages.failedTitle);
  }
  await setPasswordAndEndSessions(platform.db, user._id, await hashPassword(body.newPassword));
  // The route closes the user's sockets once this device has its new session (see endAllSessions).
  await endAllSessions(platform, user._id, { closeSockets: false });
  const fresh = await findUserById(platform.db, user._id);
  if (!fresh) throw unauthenticated();
  return fresh;
}

// --- notification preferences ---

export function preferencesOf(user: UserDoc): PreferencesResponse {
  return { notifications: completePreferences(user.notificationPrefs) };
}

export async function savePreferences(
  platform: Platform,
  user: UserDoc,
  body: PreferencesBody,
): Promise<PreferencesResponse> {
  // Only what differs from the default is kept, so a new notification type starts on for everyone.
  const stored: NonNullable<UserDoc['notificationPrefs']> = {};
  for (const type of NOTIFICATION_TYPES) {
    const choice = body.notifications[type];
    if (choice && (!choice.inApp || !choice.toast)) stored[type] = { inApp: choice.inApp, toast: choice.toast };
  }
  await setNotificationPrefs(platform.db, user._id, stored);
  return { notifications: completePreferences(stored) };
}
