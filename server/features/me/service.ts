import type { MeResponse } from '../../../shared/schemas/me/get.js';
import { RoleMessages, type RoleResponse } from '../../../shared/schemas/me/role.js';
import type { Role } from '../../../shared/types/user.js';
import type { Platform } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { findUserById, requestRole, toPublicUser, withdrawPendingRoleRequest, type UserDoc } from '../users/repository.js';

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
  if (role === 'admin' && user.role !== 'admin') throw forbidden(RoleMessages.adminDenied, RoleMessages.adminDeniedTitle);
  if (role === 'sales' && user.role === 'sales') await withdrawPendingRoleRequest(platform.db, user._id);
  if (role === 'owner' && user.role === 'sales') {
    await requestRole(platform.db, user._id, 'owner', platform.clock.now());
    notice = RoleMessages.ownerRequested;
  }
  const fresh = (await findUserById(platform.db, user._id)) ?? user;
  return { user: toPublicUser(fresh), ...(notice ? { notice } : {}) };
}
