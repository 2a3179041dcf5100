import { Type, type Static } from 'typebox';
import { AuthMessages } from './messages.js';
import { AuthSession } from './session.js';

/** `POST /api/auth/login`. `rememberMe` keeps the session 30 days, else until the browser closes (at most 12 h). */
export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    rememberMe: Type.Optional(Type.Boolean()),
  },
  { errorMessage: AuthMessages.loginEmpty },
);
export type LoginBody = Static<typeof LoginBody>;

/** When the account has TOTP enabled, login answers this instead; finish with `POST /api/auth/login/2fa`. */
export const TwoFactorChallenge = Type.Object({ twoFactorRequired: Type.Literal(true), challengeToken: Type.String() });
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

export const LoginResponse = Type.Union([AuthSession, TwoFactorChallenge]);
export type LoginResponse = Static<typeof LoginResponse>;
