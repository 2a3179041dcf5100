import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from 'mongodb';
import type { Role } from '../../shared/types/user.js';
import { findSignedInUser, type UserDoc } from '../features/users/public.js';
import { forbidden, unauthenticated } from './errors.js';

/** What an access token carries. `sv` must equal the user's sessionVersion (a password reset bumps it). */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  sv: number;
  /**
   * Present (true) when the token belongs to a "remember me" session. Routes outside /api/auth never see the
   * refresh cookie, so a route that starts a new session for this device (password change) learns it here.
   */
  rem?: true;
}

/** The sign-in an access token was issued for. */
export interface AccessSession {
  persistent: boolean;
  /** When the token stops being accepted (ms since the epoch): a socket's authorisation lapses with it. */
  expiresAt: number;
}

const OBJECT_ID_HEX = /^[0-9a-f]{24}$/;

/**
 * Our own tokens always carry these. A token signed with the secret but shaped otherwise (a `sub` that is not a
 * user id string, no `exp` so it would never expire) did not come from `signAccessToken` and is refused.
 */
function wellFormed(claims: AccessTokenClaims & { exp?: unknown }): claims is AccessTokenClaims & { exp: number } {
  return (
    typeof claims.sub === 'string' &&
    OBJECT_ID_HEX.test(claims.sub) &&
    typeof claims.exp === 'number' &&
    Number.isFinite(claims.exp) &&
    Number.isInteger(claims.sv) &&
    (claims.rem === undefined || claims.rem === true)
  );
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, as the database holds it now (read or from the node's user cache), set by `requireUser`. */
    currentUser: UserDoc;
    /** The session of the caller's access token, set by `requireUser`. */
    currentSession: AccessSession;
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export async function registerJwt(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    // Verified tokens are remembered by `verifiedClaims`, not by fast-jwt's cache.
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('currentUser', null as unknown as UserDoc);
  app.decorateRequest('currentSession', null as unknown as AccessSession);
}

/** Without `session` (tests, tools) the token counts as a browser session's. */
export function signAccessToken(
  app: FastifyInstance,
  user: UserDoc,
  session?: Pick<AccessSession, 'persistent'>,
): string {
  return app.jwt.sign({
    sub: user._id.toHexString(),
    role: user.role,
    sv: user.sessionVersion ?? 0,
    ...(session?.persistent ? { rem: true as const } : {}),
  });
}

type VerifiedClaims = AccessTokenClaims & { exp: number; iat?: number };

/**
 * Tokens that passed `verifiedClaims`, by their text, until their `exp`: a tab polls with the same token for 15 min.
 * The user is still looked up on every request (in the node's user cache, kept true across nodes), so a deleted
 * user or a bumped sessionVersion is refused at once. One cache per JWT decorator, i.e. per secret. This replaces
 * fast-jwt's own cache, which hashed every token with SHA-256 to find it (a few percent of an authenticated read's
 * CPU); the token's text is a key that cannot collide.
 */
const verifiedTokens = new WeakMap<object, LRUCache<string, VerifiedClaims>>();
const VERIFIED_TOKENS_KEPT = 10_000;

/** What a token proves by itself (signature, expiry, shape), before the user is looked at; null when it is not good. */
export function verifiedClaims(app: FastifyInstance, token: string | undefined): VerifiedClaims | null {
  if (!token) return null;
  let verified = verifiedTokens.get(app.jwt);
  if (!verified) verifiedTokens.set(app.jwt, (verified = new LRUCache({ max: VERIFIED_TOKENS_KEPT })));
  const known = verified.get(token);
  if (known) {
    if (Date.now() < known.exp * 1000) return known;
    verified.delete(token);
  }
  let claims: AccessTokenClaims & { iat?: number };
  try {
    claims = app.jwt.verify<AccessTokenClaims & { iat?: number }>(token);
  } catch {
    return null;
  }
  if (!wellFormed(claims)) return null;
  verified.set(token, claims);
  return claims;
}

export async function verifyAccessToken(
  app: FastifyInstance,
  db: Db,
  token: string | undefined,
): Promise<{ user: UserDoc; session: AccessSession } | null> {
  const claims = verifiedClaims(app, token);
  if (!claims) return null;
  // The user comes from this node's user cache, which every user write empties on every node (node-cache.ts).
  const user = await findSignedInUser(db, claims.sub);
  if (!user || (user.sessionVersion ?? 0) !== claims.sv) return null;
  return { user, session: { persistent: claims.rem === true, expiresAt: claims.exp * 1000 } };
}

/** Verifies a bearer token and loads its user; null when the token or the user is no longer good. */
export async function userFromToken(app: FastifyInstance, db: Db, token: string | undefined): Promise<UserDoc | null> {
  return (await verifyAccessToken(app, db, token))?.user ?? null;
}

/** The user of an optional `Authorization: Bearer` header (file routes also accept a signed link instead). */
export async function bearerUser(request: FastifyRequest, app: FastifyInstance, db: Db): Promise<UserDoc | null> {
  const header = request.headers.authorization;
  return userFromToken(app, db, header?.startsWith('Bearer ') ? header.slice(7) : undefined);
}

/** Marks the hooks below, so start-up refuses a route that lists them itself (its feature's access table attaches them). */
export const AUTH_HOOK = Symbol('auth hook');

function markAuth<T extends object>(hook: T): T {
  return Object.assign(hook, { [AUTH_HOOK]: true });
}

export function isAuthHook(hook: unknown): boolean {
  return typeof hook === 'function' && (hook as unknown as Record<symbol, unknown>)[AUTH_HOOK] === true;
}

export function requireUser(app: FastifyInstance, db: Db): preHandlerAsyncHookHandler {
  return markAuth(async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const verified = await verifyAccessToken(app, db, token);
    if (!verified) throw unauthenticated();
    request.currentUser = verified.user;
    request.currentSession = verified.session;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a caller whose role the route's door refuses is told, where the generic sentence would hide the reason. */
    refusal?: string;
  }
}

/** Use after requireUser. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return markAuth(async function authorize(request: FastifyRequest) {
    if (!roles.includes(request.currentUser.role)) throw forbidden(request.routeOptions.config.refusal);
  });
}
