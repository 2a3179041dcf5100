import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AuthMessages, AuthTitles } from '../../../shared/schemas/auth/messages.js';
import type { TwoFactorSetupResponse } from '../../../shared/schemas/me/two-factor.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict } from '../../platform/errors.js';
import {
  claimTotpStep,
  consumeRecoveryCode,
  enableTotp,
  removeTotp,
  storeTotpSecret,
  type UserDoc,
} from '../users/public.js';
import { hashCode, newRecoveryCode, normalizeRecoveryCode } from './codes.js';

const ISSUER = 'Commission Warriors';
const RECOVERY_CODE_COUNT = 10;
/** RFC 6238 defaults (30 s steps, 6 digits, SHA-1), accepting one step of clock drift either way. */
const DRIFT_SECONDS = 30;

const wrongCode = () => badRequest(AuthMessages.twoFactorCodeWrong, AuthTitles.verificationFailed);
const recoveryHash = (platform: Platform, user: UserDoc, code: string) =>
  hashCode(platform.config.jwtSecret, 'recovery', user._id.toHexString(), normalizeRecoveryCode(code));

/** The time step a code belongs to, or null when it is not a current code for this secret. */
async function totpStep(platform: Platform, secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(platform.clock.now().getTime() / 1000),
      epochTolerance: DRIFT_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** A TOTP code is good once: its time step is recorded, and that step or an earlier one is refused afterwards. */
async function acceptTotp(platform: Platform, user: UserDoc, secret: string, code: string): Promise<number> {
  const step = await totpStep(platform, secret, code);
  if (step === null) throw wrongCode();
  const lastUsed = user.totp?.lastUsedStep;
  if ((lastUsed !== undefined && step <= lastUsed) || !(await claimTotpStep(platform.db, user._id, step))) {
    throw badRequest(AuthMessages.twoFactorCodeReplayed, AuthTitles.verificationFailed);
  }
  return step;
}

export async function beginTwoFactorSetup(platform: Platform, user: UserDoc): Promise<TwoFactorSetupResponse> {
  if (user.totp?.enabled) throw conflict(AuthMessages.twoFactorAlreadyEnabled);
  const secret = generateSecret();
  await storeTotpSecret(platform.db, user._id, secret);
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { otpauthUrl, qrDataUrl, secret };
}

/** Proves the authenticator works, turns 2FA on and hands out the recovery codes (shown once, stored hashed). */
export async function enableTwoFactor(
  platform: Platform,
  user: UserDoc,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  if (user.totp?.enabled) throw conflict(AuthMessages.twoFactorAlreadyEnabled);
  const secret = user.totp?.secret;
  if (!secret) throw badRequest(AuthMessages.twoFactorNotSetUp);
  const step = await totpStep(platform, secret, code);
  if (step === null) throw wrongCode();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = recoveryCodes.map((c) => recoveryHash(platform, user, c));
  if (!(await enableTotp(platform.db, user._id, secret, step, hashes)))
    throw badRequest(AuthMessages.twoFactorNotSetUp);
  return { recoveryCodes };
}

/** Checks the second factor of a sign-in or of turning 2FA off: a current TOTP code, or an unused recovery code. */
export async function checkSecondFactor(platform: Platform, user: UserDoc, code: string): Promise<void> {
  const secret = user.totp?.enabled ? user.totp.secret : undefined;
  if (!secret) throw badRequest(AuthMessages.twoFactorNotEnabled);
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    await acceptTotp(platform, user, secret, trimmed);
    return;
  }
  if (!(await consumeRecoveryCode(platform.db, user._id, recoveryHash(platform, user, trimmed)))) throw wrongCode();
}

export async function disableTwoFactor(platform: Platform, user: UserDoc, code: string): Promise<void> {
  await checkSecondFactor(platform, user, code);
  await removeTotp(platform.db, user._id);
}
