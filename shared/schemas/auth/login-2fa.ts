import { Type, type Static } from 'typebox';
import { AuthMessages } from './messages.js';

/** `POST /api/auth/login/2fa`: a current TOTP code, or one of the recovery codes (each works once). Answers AuthSession. */
export const LoginTwoFactorBody = Type.Object({
  challengeToken: Type.String({ minLength: 1, maxLength: 200, errorMessage: AuthMessages.twoFactorChallengeExpired }),
  code: Type.String({ minLength: 6, maxLength: 32, errorMessage: AuthMessages.twoFactorCodeFormat }),
});
export type LoginTwoFactorBody = Static<typeof LoginTwoFactorBody>;
