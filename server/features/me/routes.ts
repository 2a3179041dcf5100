import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AuthSession } from '../../../shared/schemas/auth/session.js';
import { MeResponse } from '../../../shared/schemas/me/get.js';
import { PasswordChangeBody } from '../../../shared/schemas/me/password.js';
import { PreferencesBody, PreferencesResponse } from '../../../shared/schemas/me/preferences.js';
import { ProfileBody } from '../../../shared/schemas/me/profile.js';
import { RoleBody, RoleResponse } from '../../../shared/schemas/me/role.js';
import {
  TwoFactorCodeBody,
  TwoFactorDisableResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from '../../../shared/schemas/me/two-factor.js';
import { signAccessToken } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { limitBy } from '../../platform/rate-limits.js';
import { setRefreshCookie } from '../auth/public.js';
import { startSession } from '../auth/public.js';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor } from '../auth/public.js';
import { toPublicUser } from '../users/public.js';
import { changePassword, chooseRole, describeMe, preferencesOf, savePreferences, updateProfile } from './service.js';

export function meRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // A 6-digit code has a million values: guesses are limited per account, whatever the address.
  const codeGuesses = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'me-2fa',
    max: 10,
    windowSeconds: 60,
    key: (request) => request.currentUser?._id.toHexString(),
  });

  // Each wrong current password is an offline-free guess at it: a few per account, whatever the address.
  const passwordGuesses = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'me-password',
    max: 5,
    windowSeconds: 15 * 60,
    key: (request) => request.currentUser?._id.toHexString(),
  });

  api.get('/me', { schema: { response: { 200: MeResponse } } }, async (request) =>
    describeMe(platform, request.currentUser),
  );

  api.patch('/me', { schema: { body: ProfileBody, response: { 200: MeResponse } } }, async (request) =>
    updateProfile(platform, request.currentUser, request.body),
  );

  api.post(
    '/me/password',
    { preHandler: passwordGuesses, schema: { body: PasswordChangeBody, response: { 200: AuthSession } } },
    async (request, reply) => {
      const user = await changePassword(platform, request.currentUser, request.body);
      // 'close' comes once the answer is out, or the connection is gone: either way the old sockets end.
      reply.raw.once('close', () => platform.live.endUserSockets(user._id.toHexString()));
      // The refresh cookie is not sent here (Path=/api/auth): the access token says whether this device's session
      // was a "remember me" one, and the new session keeps that.
      const session = await startSession(platform, user, request.currentSession.persistent);
      setRefreshCookie(reply, platform, session);
      return { accessToken: signAccessToken(app, user, session), user: toPublicUser(user) };
    },
  );

  api.get('/me/preferences', { schema: { response: { 200: PreferencesResponse } } }, async (request) =>
    preferencesOf(request.currentUser),
  );

  api.put(
    '/me/preferences',
    { schema: { body: PreferencesBody, response: { 200: PreferencesResponse } } },
    async (request) => savePreferences(platform, request.currentUser, request.body),
  );

  api.post('/me/role', { schema: { body: RoleBody, response: { 200: RoleResponse } } }, async (request) =>
    chooseRole(platform, request.currentUser, request.body.role),
  );

  api.post('/me/2fa/setup', { schema: { response: { 200: TwoFactorSetupResponse } } }, async (request) =>
    beginTwoFactorSetup(platform, request.currentUser),
  );

  api.post(
    '/me/2fa/enable',
    { preHandler: codeGuesses, schema: { body: TwoFactorCodeBody, response: { 200: TwoFactorEnableResponse } } },
    async (request) => enableTwoFactor(platform, request.currentUser, request.body.code),
  );

  api.post(
    '/me/2fa/disable',
    { preHandler: codeGuesses, schema: { body: TwoFactorCodeBody, response: { 200: TwoFactorDisableResponse } } },
    async (request) => {
      await disableTwoFactor(platform, request.currentUser, request.body.code);
      return { twoFactorEnabled: false as const };
    },
  );
}
