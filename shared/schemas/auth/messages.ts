import { PASSWORD_MIN_LENGTH } from '../../constants.js';

/**
 * User-facing texts of sign-up, sign-in and sessions. Spec 1 section 8 rows are word for word; the
 * others fill situations the spec does not show. Client toasts and server answers both use these.
 */
export const AuthMessages = {
  loginEmpty: 'Please enter both email and password',
  loginInvalid: 'Invalid login credentials',
  loginUnverified: 'Please verify your email before signing in.',
  registerEmpty: 'Please fill in all fields',
  passwordsDiffer: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooWeak: 'This password is too common or too easy to guess. Please choose a stronger one.',
  loginCodeRequired:
    'There have been too many failed sign-ins to this account. If your password is correct, we have e-mailed you a sign-in code: enter it to continue.',
  loginCodeInvalid:
    'The password or the sign-in code is incorrect, or the code has expired. You can ask for a new code.',
  loginCodeFormat: 'Please enter the 6-digit sign-in code from the e-mail.',
  passwordFromEmail: 'Your password must not be made from your email address. Please choose another one.',
  emailInvalid: 'Please enter a valid email address.',
  accountExists: 'An account with this email already exists.',
  codeFormat: 'Please enter a valid verification code',
  verificationExpired: 'Verification session expired or invalid',
  codeWrong: 'Invalid verification code',
  tooManyAttempts: 'Too many attempts. Request a new code.',
  resendCooldown: (seconds: number) => `Please wait ${seconds}s before requesting a new code.`,
  sessionEnded: 'Your session has ended. Please sign in again.',
  forgotEmpty: 'Please enter your email address.',
  resetInvalid: 'This reset code is invalid or has expired. Please request a new one.',
  twoFactorChallengeExpired: 'Your sign-in attempt expired. Please sign in again.',
  twoFactorCodeFormat: 'Please enter the 6-digit code from your authenticator app or a recovery code.',
  twoFactorCodeWrong: 'Invalid authentication code',
  twoFactorCodeReplayed: 'This code has already been used. Please wait for the next code.',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled.',
  twoFactorNotSetUp: 'Start the two-factor setup first.',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled.',
  tooManyRequests: (seconds: number) => `Too many requests. Please wait ${seconds}s and try again.`,
} as const;

/** Toast titles (spec 1 section 8). Validation errors use "Error". */
export const AuthTitles = {
  validation: 'Error',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  verificationFailed: 'Verification failed',
  resendFailed: 'Failed to resend verification code',
  passwordResetFailed: 'Password reset failed',
} as const;

/** Browser-like check: something@something.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && value.trim().length <= 254;
}
