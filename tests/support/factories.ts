import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Role } from '../../shared/types/user.js';
import { assignRoleDirectly } from '../../server/features/auth/accounts.js';
import { register, verifyRegistration } from '../../server/features/auth/service.js';
import { startSession } from '../../server/features/auth/sessions.js';
import { findUserById, type UserDoc } from '../../server/features/users/repository.js';
import { signAccessToken } from '../../server/platform/auth.js';
import type { TestApp } from './app.js';

export interface CreateUserOptions {
  email?: string;
  name?: string;
  /** owner/admin are set directly (trusted test code), as the demo seed does. */
  role?: Role;
  uplineId?: ObjectId | string;
  password?: string;
}

export interface CreatedUser {
  user: UserDoc;
  /** Bearer token for `authorization: Bearer ...` and for `testApp.socket(token)`. */
  accessToken: string;
  password: string;
  /** `cw_refresh=...`, ready for a `cookie` header on /api/auth/refresh or /logout. */
  cookie: string;
}

/**
 * A verified user made through the real sign-up services (register -> verify with the code), without
 * going over HTTP, so it is fast and never meets the per-address rate limits.
 */
export async function createUser(testApp: TestApp, options: CreateUserOptions = {}): Promise<CreatedUser> {
  const platform = testApp.platform;
  const email = options.email ?? `user-${randomBytes(6).toString('hex')}@test.local`;
  const password = options.password ?? 'correct-horse-battery';
  let referralCode: string | undefined;
  if (options.uplineId) {
    const upline = await findUserById(platform.db, new ObjectId(options.uplineId));
    if (!upline) throw new Error(`createUser: no upline with id ${String(options.uplineId)}`);
    referralCode = upline.referralCode;
  }
  const { code } = await register(platform, {
    name: options.name ?? 'Test Agent',
    email,
    password,
    confirmPassword: password,
    agreeTerms: true,
    referralCode,
  });
  let user = await verifyRegistration(platform, email, code);
  if (options.role && options.role !== 'sales') {
    await assignRoleDirectly(platform, user._id, options.role);
    user = (await findUserById(platform.db, user._id))!;
  }
  const refresh = await startSession(platform, user, false);
  return { user, accessToken: signAccessToken(testApp.app, user), password, cookie: `cw_refresh=${refresh.token}` };
}
