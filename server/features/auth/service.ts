import { ObjectId } from 'mongodb';
import { PASSWORD_RESET_TTL_MINUTES, VERIFICATION } from '../../../shared/constants.js';
import type { ForgotBody } from '../../../shared/schemas/auth/forgot.js';
import type { LoginBody } from '../../../shared/schemas/auth/login.js';
import { AuthMessages, AuthTitles, isEmailAddress } from '../../../shared/schemas/auth/messages.js';
import { weakPasswordError } from '../../../shared/schemas/auth/password-strength.js';
import { registerFormError, type RegisterBody } from '../../../shared/schemas/auth/register.js';
import { resetFormError, type ResetBody } from '../../../shared/schemas/auth/reset.js';
import type { Platform } from '../../platform/context.js';
import { AppError, badRequest, conflict, forbidden, rateLimited, unauthenticated } from '../../platform/errors.js';
import { ErrorCodes } from '../../../shared/errors.js';
import { enqueueEmail } from '../email/public.js';
import { onRecruitJoined } from '../team/public.js';
import {
  endAccessTokens,
  findUserByEmail,
  findUserById,
  setPasswordAndEndSessions,
  type UserDoc,
} from '../users/public.js';
import { createVerifiedUser, uplineForReferralCode } from './accounts.js';
import {
  hashCode,
  newOpaqueToken,
  newResetCode,
  newVerificationCode,
  normalizeResetCode,
  sameHash,
  sha256,
} from './codes.js';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './passwords.js';
import {
  claimPasswordReset,
  claimVerification,
  countPasswordResetAttempt,
  countVerificationAttempt,
  findVerification,
  replaceCodeAfterCooldown,
  savePasswordReset,
  savePendingRegistration,
  type VerificationDoc,
} from './repository.js';
import { checkLoginCode, countLoginFailure, needsLoginCode, sendLoginCode } from './login-guard.js';
import { endAllSessions } from './sessions.js';
import { checkSecondFactor } from './two-factor.js';

const MINUTE = 60_000;
const RESET_MAX_ATTEMPTS = 5;
/** A password sign-in waits this long for its second factor. */
const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;
const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const verificationHash = (platform: Platform, email: string, code: string) =>
  hashCode(platform.config.jwtSecret, 'verify-email', email, code);
const resetHash = (platform: Platform, email: string, code: string) =>
  hashCode(platform.config.jwtSecret, 'reset-password', email, normalizeResetCode(code));

/** A new code's answer; the route decides whether `code` may be shown (outbox transport, outside production). */
export interface CodeSent {
  email: string;
  code: string;
}

const expired = () => badRequest(AuthMessages.verificationExpired, AuthTitles.validation);
const cooldownSecondsLeft = (platform: Platform, pending: VerificationDoc) =>
  Math.max(
    1,
    Math.ceil(
      (pending.lastSentAt.getTime() + VERIFICATION.resendCooldownSeconds * 1000 - platform.clock.now().getTime()) /
        1000,
    ),
  );
const cooldown = (seconds: number) =>
  rateLimited(AuthMessages.resendCooldown(seconds), seconds, AuthTitles.resendFailed);

async function sendVerificationEmail(platform: Platform, pending: VerificationDoc, code: string): Promise<void> {
  await enqueueEmail(platform, {
    key: `verification-${pending._id.toHexString()}-${pending.sendCount}`,
    to: pending.email,
    template: 'verification',
    data: { name: pending.name, code },
  });
}

// --- registration ---

export async function register(platform: Platform, body: RegisterBody): Promise<CodeSent> {
  const problem = registerFormError(body) ?? weakPasswordError(body.password, { email: body.email, name: body.name });
  if (problem) throw badRequest(problem, AuthTitles.validation);
  const email = normalizeEmail(body.email);
  if (await findUserByEmail(platform.db, email))
    throw conflict(AuthMessages.accountExists, AuthTitles.registrationFailed);

  const now = platform.clock.now();
  const existing = await findVerification(platform.db, email);
  if (
    existing &&
    existing.expiresAt > now &&
    now.getTime() - existing.lastSentAt.getTime() < VERIFICATION.resendCooldownSeconds * 1000
  ) {
    throw cooldown(cooldownSecondsLeft(platform, existing));
  }

  const code = newVerificationCode();
  const pending = await savePendingRegistration(platform.db, {
    email,
    name: body.name.trim(),
    passwordHash: await hashPassword(body.password),
    codeHash: verificationHash(platform, email, code),
    lastSentAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION.ttlMinutes * MINUTE),
    uplineId: await uplineForReferralCode(platform, body.referralCode),
  });
  await sendVerificationEmail(platform, pending, code);
  return { email, code };
}

/** A new code for a pending registration, at most once per 60 s (server-enforced); tries start again from zero. */
export async function resendCode(platform: Platform, rawEmail: string): Promise<CodeSent> {
  const email = normalizeEmail(rawEmail);
  const now = platform.clock.now();
  const code = newVerificationCode();
  const pending = await replaceCodeAfterCooldown(platform.db, email, {
    codeHash: verificationHash(platform, email, code),
    now,
    cooldownStartedBefore: new Date(now.getTime() - VERIFICATION.resendCooldownSeconds * 1000),
    expiresAt: new Date(now.getTime() + VERIFICATION.ttlMinutes * MINUTE),
  });
  if (!pending) {
    const current = await findVerification(platform.db, email);
    if (!current || current.expiresAt <= now) throw expired();
    throw cooldown(cooldownSecondsLeft(platform, current));
  }
  await sendVerificationEmail(platform, pending, code);
  return { email, code };
}

/** The right code creates the account. Every try counts; after 5 the code is dead until a new one is sent. */
export async function verifyRegistration(platform: Platform, rawEmail: string, code: string): Promise<UserDoc> {
  const email = normalizeEmail(rawEmail);
  const now = platform.clock.now();
  const pending = await countVerificationAttempt(platform.db, email, now, VERIFICATION.maxAttempts);
  if (!pending) {
    const current = await findVerification(platform.db, email);
    if (!current || current.expiresAt <= now) throw expired();
    throw new AppError(ErrorCodes.rateLimited, AuthMessages.tooManyAttempts, AuthTitles.verificationFailed);
  }
  if (!sameHash(verificationHash(platform, email, code), pending.codeHash)) {
    throw badRequest(AuthMessages.codeWrong, AuthTitles.verificationFailed);
  }
  const claimed = await claimVerification(platform.db, pending._id, pending.codeHash);
  if (!claimed) throw expired();
  const user = await createVerifiedUser(platform, {
    email,
    name: claimed.name,
    passwordHash: claimed.passwordHash,
    uplineId: claimed.uplineId,
  });
  await onRecruitJoined(platform, user);
  return user;
}

// --- sign-in ---

export type LoginOutcome =
  | { kind: 'signedIn'; user: UserDoc; persistent: boolean }
  | { kind: 'twoFactorRequired'; challengeToken: string }
  | { kind: 'emailCodeRequired' };

const invalidLogin = () => unauthenticated(AuthMessages.loginInvalid, AuthTitles.loginFailed);
const challengeKey = (platform: Platform, token: string) => `${platform.config.redisPrefix}:auth:2fa:${sha256(token)}`;

/** Whether the password is right; a pending registration's right password is told apart (403). */
async function passwordMatches(
  platform: Platform,
  user: UserDoc | null,
  email: string,
  password: string,
): Promise<boolean> {
  if (user) return verifyPassword(password, user.passwordHash);
  // Only someone who knows the password learns that the account waits for its e-mail code.
  const pending = await findVerification(platform.db, email);
  if (pending && pending.expiresAt > platform.clock.now()) {
    if (await verifyPassword(password, pending.passwordHash))
      throw forbidden(AuthMessages.loginUnverified, AuthTitles.loginFailed);
  } else {
    await spendPasswordCheckTime(password);
  }
  return false;
}

export async function login(platform: Platform, body: LoginBody): Promise<LoginOutcome> {
  if (!body.email.trim() || !body.password) throw badRequest(AuthMessages.loginEmpty, AuthTitles.validation);
  const emailCode = body.emailCode?.trim();
  if (emailCode !== undefined && emailCode !== '' && !/^\d{6}$/.test(emailCode))
    throw badRequest(AuthMessages.loginCodeFormat, AuthTitles.validation);
  const email = normalizeEmail(body.email);
  const persistent = body.rememberMe === true;
  const user = await findUserByEmail(platform.db, email);
  const guarded = await needsLoginCode(platform, email);
  const passwordRight = await passwordMatches(platform, user, email, body.password);

  if (guarded) {
    // The same answer whatever the password: guessing from many addresses learns nothing and locks nobody out.
    if (!emailCode) {
      if (!passwordRight) await countLoginFailure(platform, email);
      else if (user?.emailVerified) await sendLoginCode(platform, user);
      return { kind: 'emailCodeRequired' };
    }
    const codeRight = await checkLoginCode(platform, email, emailCode, passwordRight);
    if (!passwordRight || !codeRight) {
      if (!passwordRight) await countLoginFailure(platform, email);
      throw unauthenticated(AuthMessages.loginCodeInvalid, AuthTitles.loginFailed);
    }
  } else if (!passwordRight) {
    await countLoginFailure(platform, email);
    throw invalidLogin();
  }
  if (!user) throw invalidLogin();
  if (!user.emailVerified) throw forbidden(AuthMessages.loginUnverified, AuthTitles.loginFailed);

  if (user.totp?.enabled) {
    const challengeToken = newOpaqueToken();
    const key = challengeKey(platform, challengeToken);
    await platform.redis
      .multi()
      .hset(key, { userId: user._id.toHexString(), persistent: persistent ? '1' : '0', attempts: '0' })
      .expire(key, TWO_FACTOR_CHALLENGE_SECONDS)
      .exec();
    return { kind: 'twoFactorRequired', challengeToken };
  }
  return { kind: 'signedIn', user, persistent };
}

/** Second step of a sign-in with 2FA: a TOTP code or a recovery code, at most 5 tries per challenge. */
export async function completeTwoFactorLogin(
  platform: Platform,
  challengeToken: string,
  code: string,
): Promise<{ user: UserDoc; persistent: boolean }> {
  const key = challengeKey(platform, challengeToken);
  const challengeExpired = () => unauthenticated(AuthMessages.twoFactorChallengeExpired, AuthTitles.loginFailed);
  const [[, challenge], [, attempts]] = (await platform.redis
    .multi()
    .hgetall(key)
    .hincrby(key, 'attempts', 1)
    .exec()) as [[Error | null, Record<string, string>], [Error | null, number]];
  if (!challenge?.userId) {
    await platform.redis.del(key);
    throw challengeExpired();
  }
  if (attempts > TWO_FACTOR_CHALLENGE_ATTEMPTS) {
    await platform.redis.del(key);
    throw challengeExpired();
  }
  const user = await findUserById(platform.db, challenge.userId);
  if (!user) throw challengeExpired();
  await checkSecondFactor(platform, user, code);
  await platform.redis.del(key);
  return { user, persistent: challenge.persistent === '1' };
}

// --- password reset ---

/** Same answer whether or not the e-mail has an account; the code goes out only when it has. */
export async function forgotPassword(platform: Platform, body: ForgotBody): Promise<{ email: string }> {
  if (!body.email.trim()) throw badRequest(AuthMessages.forgotEmpty, AuthTitles.validation);
  if (!isEmailAddress(body.email)) throw badRequest(AuthMessages.emailInvalid, AuthTitles.validation);
  const email = normalizeEmail(body.email);
  const user = await findUserByEmail(platform.db, email);
  if (user) {
    const code = newResetCode();
    const now = platform.clock.now();
    await savePasswordReset(platform.db, {
      userId: user._id,
      email,
      codeHash: resetHash(platform, email, code),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * MINUTE),
      createdAt: now,
    });
    const link = `${platform.config.publicUrl}/login?reset=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;
    await enqueueEmail(platform, {
      key: `password-reset-${user._id.toHexString()}-${now.getTime()}-${new ObjectId().toHexString()}`,
      to: email,
      template: 'password-reset',
      data: { name: user.name, code, link },
    });
  }
  return { email };
}

/** A reset code works once and for 30 minutes; the new password ends every session of the account. */
export async function resetPassword(platform: Platform, body: ResetBody): Promise<void> {
  // Refused before the code is tried, so a weak choice costs none of the code's tries.
  const problem = resetFormError(body) ?? weakPasswordError(body.password, { email: body.email });
  if (problem) throw badRequest(problem, AuthTitles.validation);
  const email = normalizeEmail(body.email);
  const invalid = () => badRequest(AuthMessages.resetInvalid, AuthTitles.passwordResetFailed);
  const reset = await countPasswordResetAttempt(platform.db, email, platform.clock.now(), RESET_MAX_ATTEMPTS);
  if (!reset || !sameHash(resetHash(platform, email, body.code), reset.codeHash)) throw invalid();
  if (!(await claimPasswordReset(platform.db, reset._id, reset.codeHash))) throw invalid();
  await setPasswordAndEndSessions(platform.db, reset.userId, await hashPassword(body.password));
  await endAllSessions(platform, reset.userId);
}

/**
 * "Sign out of all sessions": every access token issued so far is refused (sessionVersion), every refresh token
 * revoked and every socket closed, so each tab and device of the user is signed out at its next request or reconnect.
 */
export async function signOutEverywhere(platform: Platform, userId: ObjectId): Promise<void> {
  await endAccessTokens(platform.db, userId);
  await endAllSessions(platform, userId);
}
