import { Type, type Static } from 'typebox';
import { AuthMessages } from './messages.js';

/** `POST /api/auth/verify`: the 6-digit code from the verification e-mail. */
export const VerifyBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, errorMessage: AuthMessages.verificationExpired }),
  code: Type.String({ pattern: '^[0-9]{6}$', errorMessage: AuthMessages.codeFormat }),
});
export type VerifyBody = Static<typeof VerifyBody>;
