import { Type, type Static } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../../constants.js';
import { AuthMessages, isEmailAddress } from './messages.js';

/** `POST /api/auth/register`. `referralCode` comes from a `/join/{referralCode}` link and sets the upline. */
export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    confirmPassword: Type.String({ minLength: 1, maxLength: 200 }),
    agreeTerms: Type.Boolean({ errorMessage: AuthMessages.termsRequired }),
    referralCode: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { errorMessage: AuthMessages.registerEmpty },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** `202` of register and resend: the code went to the e-mail worker; `devCode` only outside production with the outbox. */
export const PendingVerification = Type.Object({ email: Type.String(), devCode: Type.Optional(Type.String()) });
export type PendingVerification = Static<typeof PendingVerification>;

/** The rules the schema cannot express, in the order the spec lists them. Same answer on client and server. */
export function registerFormError(
  form: Pick<RegisterBody, 'name' | 'email' | 'password' | 'confirmPassword' | 'agreeTerms'>,
): string | undefined {
  if (!form.name?.trim() || !form.email?.trim() || !form.password || !form.confirmPassword)
    return AuthMessages.registerEmpty;
  if (!isEmailAddress(form.email)) return AuthMessages.emailInvalid;
  if (form.password !== form.confirmPassword) return AuthMessages.passwordsDiffer;
  if (form.password.length < PASSWORD_MIN_LENGTH) return AuthMessages.passwordTooShort;
  if (form.agreeTerms !== true) return AuthMessages.termsRequired;
  return undefined;
}
