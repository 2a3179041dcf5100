import { Type, type Static } from 'typebox';
import { AuthMessages } from './messages.js';

/** `POST /api/auth/forgot`: always `202 { email }`, whether or not an account has this e-mail. */
export const ForgotBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { errorMessage: AuthMessages.forgotEmpty },
);
export type ForgotBody = Static<typeof ForgotBody>;

export const ForgotAccepted = Type.Object({ email: Type.String() });
export type ForgotAccepted = Static<typeof ForgotAccepted>;
