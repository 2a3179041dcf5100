import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MeResponse } from '../../../shared/schemas/me/get.js';
import { RoleBody, RoleResponse } from '../../../shared/schemas/me/role.js';
import {
  TwoFactorCodeBody,
  TwoFactorDisableResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from '../../../shared/schemas/me/two-factor.js';
import { requireUser } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { limitBy } from '../../platform/rate-limits.js';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor } from '../auth/two-factor.js';
import { chooseRole, describeMe } from './service.js';

export function meRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const signedIn = requireUser(app, platform.db);
  // A 6-digit code has a million values: guesses are limited per account, whatever the address.
  const codeGuesses = limitBy(platform.redis, platform.config.redisPrefix, {
    name: 'me-2fa',
    max: 10,
    windowSeconds: 60,
    key: (request) => request.currentUser?._id.toHexString(),
  });

  api.get('/me', { preHandler: signedIn, schema: { response: { 200: MeResponse } } }, async (request) => describeMe(platform, request.currentUser));

  api.post('/me/role', { preHandler: signedIn, schema: { body: RoleBody, response: { 200: RoleResponse } } }, async (request) =>
    chooseRole(platform, request.currentUser, request.body.role),
  );

  api.post('/me/2fa/setup', { preHandler: signedIn, schema: { response: { 200: TwoFactorSetupResponse } } }, async (request) =>
    beginTwoFactorSetup(platform, request.currentUser),
  );

  api.post(
    '/me/2fa/enable',
    { preHandler: [signedIn, codeGuesses], schema: { body: TwoFactorCodeBody, response: { 200: TwoFactorEnableResponse } } },
    async (request) => enableTwoFactor(platform, request.currentUser, request.body.code),
  );

  api.post(
    '/me/2fa/disable',
    { preHandler: [signedIn, codeGuesses], schema: { body: TwoFactorCodeBody, response: { 200: TwoFactorDisableResponse } } },
    async (request) => {
      await disableTwoFactor(platform, request.currentUser, request.body.code);
      return { twoFactorEnabled: false as const };
    },
  );
}
