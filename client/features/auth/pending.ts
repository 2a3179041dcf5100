import { VERIFICATION } from '../../../shared/constants.js';

/**
 * The spec keeps `pending_user` in local storage. Only the e-mail (and when its code was sent, for the
 * resend countdown) is kept here: the code and the password never leave the server.
 */
const PENDING_KEY = 'pending_user';
const REFERRAL_KEY = 'referral_code';

export interface PendingUser {
  email: string;
  codeSentAt: number;
}

export function readPendingUser(): PendingUser | null {
  try {
    const value = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as PendingUser | null;
    return value && typeof value.email === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function savePendingUser(email: string, codeSentAt = Date.now()): void {
  localStorage.setItem(PENDING_KEY, JSON.stringify({ email, codeSentAt } satisfies PendingUser));
}

export function clearPendingUser(): void {
  localStorage.removeItem(PENDING_KEY);
}

/** Seconds until the server accepts another resend for this pending user. */
export function resendSecondsLeft(pending: PendingUser | null, now = Date.now()): number {
  if (!pending) return 0;
  return Math.max(0, Math.ceil(VERIFICATION.resendCooldownSeconds - (now - pending.codeSentAt) / 1000));
}

/** From a `/join/{referralCode}` link; sent with the registration so the recruiter becomes the upline. */
export function saveReferralCode(code: string): void {
  localStorage.setItem(REFERRAL_KEY, code.trim());
}

export function readReferralCode(): string | undefined {
  return localStorage.getItem(REFERRAL_KEY) || undefined;
}

export function clearReferralCode(): void {
  localStorage.removeItem(REFERRAL_KEY);
}
