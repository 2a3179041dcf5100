import { Type, type Static } from 'typebox';
import { AuthMessages } from './messages.js';
import { AuthSession } from './session.js';

/** `POST /api/auth/login`. `rememberMe` keeps the session 30 days, else until the browser closes (at most 12 h). */
export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    rememberMe: Type.Optional(Type.Boolean()),
    /** The e-mailed sign-in code, once the account asks for one (EmailCodeChallenge). */
    emailCode: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { errorMessage: AuthMessages.loginEmpty },
);
export type LoginBody = Static<typeof LoginBody>;

/** When the account has TOTP enabled, login answers this instead; finish with `POST /api/auth/login/2fa`. */
export const TwoFactorChallenge = Type.Object({ twoFactorRequired: Type.Literal(true), challengeToken: Type.String() });
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

/**
 * After too many failed sign-ins to an account, login answers this to every attempt without a valid code (whether
 * or not the password was right, so it reveals nothing); a code went out only if the password was right. Send the
 * same login again with `emailCode`.
 */
export const EmailCodeChallenge = Type.Object({ emailCodeRequired: Type.Literal(true), message: Type.String() });
export type EmailCodeChallenge = Static<typeof EmailCodeChallenge>;

export const LoginResponse = Type.Union([AuthSession, TwoFactorChallenge, EmailCodeChallenge]);
export type LoginResponse = Static<typeof LoginResponse>;
