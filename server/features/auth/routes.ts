import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ForgotAccepted, ForgotBody } from '../../../shared/schemas/auth/forgot.js';
import { LoginTwoFactorBody } from '../../../shared/schemas/auth/login-2fa.js';
import { LoginBody, LoginResponse } from '../../../shared/schemas/auth/login.js';
import { PendingVerification, RegisterBody } from '../../../shared/schemas/auth/register.js';
import { ResendBody } from '../../../shared/schemas/auth/resend.js';
import { ResetBody, ResetResponse } from '../../../shared/schemas/auth/reset.js';
import { AuthSession, RefreshResponse } from '../../../shared/schemas/auth/session.js';
import { VerifyBody } from '../../../shared/schemas/auth/verify.js';
import { AuthMessages } from '../../../shared/schemas/auth/messages.js';
import { signAccessToken } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { limitBy, perIpLimit } from '../../platform/rate-limits.js';
import { toPublicUser, type UserDoc } from '../users/public.js';
import {
  completeTwoFactorLogin,
  forgotPassword,
  login,
  register,
  resendCode,
  resetPassword,
  signOutEverywhere,
  verifyRegistration,
  type CodeSent,
  type LoginOutcome,
} from './service.js';
import {
  endSession,
  PERSISTENT_SESSION_SECONDS,
  rotateSession,
  startSession,
  type IssuedRefreshToken,
} from './sessions.js';

export const REFRESH_COOKIE = 'cw_refresh';

/** HttpOnly, SameSite=Strict, only sent to /api/auth; Max-Age only with "remember me" (else it dies with the browser). */
function cookieOptions(platform: Platform) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: platform.config.env === 'production',
    path: '/api/auth',
  };
}

export function setRefreshCookie(reply: FastifyReply, platform: Platform, issued: IssuedRefreshToken) {
  reply.setCookie(REFRESH_COOKIE, issued.token, {
    ...cookieOptions(platform),
    ...(issued.persistent ? { maxAge: PERSISTENT_SESSION_SECONDS } : {}),
  });
}

/** The code is shown to the caller only where no real e-mail can carry it (docs/product.md, Verification). */
function pendingAnswer(platform: Platform, sent: CodeSent): PendingVerification {
  const showCode = platform.config.env !== 'production' && !platform.config.mailUrl;
  return { email: sent.email, ...(showCode ? { devCode: sent.code } : {}) };
}

export function authRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const perEmail = (name: string, max: number, windowSeconds: number) =>
    limitBy(platform.redis, platform.config.redisPrefix, {
      name,
      max,
      windowSeconds,
      key: (request) => (request.body as { email?: string } | undefined)?.email,
    });

  async function signIn(reply: FastifyReply, user: UserDoc, persistent: boolean): Promise<AuthSession> {
    const session = await startSession(platform, user, persistent);
    setRefreshCookie(reply, platform, session);
    return { accessToken: signAccessToken(app, user, session), user: toPublicUser(user) };
  }

  async function answerLogin(reply: FastifyReply, outcome: LoginOutcome) {
    if (outcome.kind === 'twoFactorRequired')
      return { twoFactorRequired: true as const, challengeToken: outcome.challengeToken };
    if (outcome.kind === 'emailCodeRequired')
      return { emailCodeRequired: true as const, message: AuthMessages.loginCodeRequired };
    return signIn(reply, outcome.user, outcome.persistent);
  }

  api.post(
    '/auth/register',
    {
      schema: { body: RegisterBody, response: { 202: PendingVerification } },
      config: { rateLimit: perIpLimit(30, 60) },
    },
    async (request, reply) => reply.status(202).send(pendingAnswer(platform, await register(platform, request.body))),
  );

  api.post(
    '/auth/resend',
    { schema: { body: ResendBody, response: { 202: PendingVerification } }, config: { rateLimit: perIpLimit(20, 60) } },
    async (request, reply) =>
      reply.status(202).send(pendingAnswer(platform, await resendCode(platform, request.body.email))),
  );

  api.post(
    '/auth/verify',
    {
      schema: { body: VerifyBody, response: { 200: AuthSession } },
      config: { rateLimit: perIpLimit(30, 60), neverShed: true },
      preHandler: perEmail('verify', 10, 60),
    },
    async (request, reply) =>
      signIn(reply, await verifyRegistration(platform, request.body.email, request.body.code), false),
  );

  api.post(
    '/auth/login',
    {
      schema: { body: LoginBody, response: { 200: LoginResponse } },
      config: { rateLimit: perIpLimit(30, 60), neverShed: true },
      // Per e-mail and address, not per e-mail alone: guesses from elsewhere must not answer the owner with 429.
      // Guessing one account from many addresses is met by the e-mailed code instead (login-guard.ts).
      preHandler: limitBy(platform.redis, platform.config.redisPrefix, {
        name: 'login-pair',
        max: 10,
        windowSeconds: 60,
        key: (request) => {
          const email = (request.body as { email?: string } | undefined)?.email?.trim();
          return email ? `${email}\n${request.ip}` : undefined;
        },
      }),
    },
    async (request, reply) => answerLogin(reply, await login(platform, request.body)),
  );

  api.post(
    '/auth/login/2fa',
    {
      schema: { body: LoginTwoFactorBody, response: { 200: AuthSession } },
      config: { rateLimit: perIpLimit(30, 60), neverShed: true },
      preHandler: limitBy(platform.redis, platform.config.redisPrefix, {
        name: 'login-2fa',
        max: 10,
        windowSeconds: 60,
        key: (request) => (request.body as { challengeToken?: string } | undefined)?.challengeToken,
      }),
    },
    async (request, reply) => {
      const { user, persistent } = await completeTwoFactorLogin(
        platform,
        request.body.challengeToken,
        request.body.code,
      );
      return signIn(reply, user, persistent);
    },
  );

  api.post(
    '/auth/refresh',
    { schema: { response: { 200: RefreshResponse } }, config: { rateLimit: perIpLimit(60, 60), neverShed: true } },
    async (request, reply) => {
      try {
        const { user, refresh } = await rotateSession(platform, request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, platform, refresh);
        return { accessToken: signAccessToken(app, user, refresh) };
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions(platform));
        throw error;
      }
    },
  );

  api.post('/auth/logout', { config: { rateLimit: perIpLimit(60, 60) } }, async (request, reply) => {
    await endSession(platform, request.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, cookieOptions(platform));
    return reply.status(204).send();
  });

  api.post('/auth/logout-all', { config: { rateLimit: perIpLimit(60, 60) } }, async (request, reply) => {
    await signOutEverywhere(platform, request.currentUser._id);
    reply.clearCookie(REFRESH_COOKIE, cookieOptions(platform));
    return reply.status(204).send();
  });

  api.post(
    '/auth/forgot',
    {
      schema: { body: ForgotBody, response: { 202: ForgotAccepted } },
      config: { rateLimit: perIpLimit(10, 60) },
      preHandler: perEmail('forgot', 5, 15 * 60),
    },
    async (request, reply) => reply.status(202).send(await forgotPassword(platform, request.body)),
  );

  api.post(
    '/auth/reset',
    {
      schema: { body: ResetBody, response: { 200: ResetResponse } },
      config: { rateLimit: perIpLimit(20, 60) },
      preHandler: perEmail('reset', 10, 10 * 60),
    },
    async (request) => {
      await resetPassword(platform, request.body);
      return { ok: true as const };
    },
  );
}
