import { Type, type Static } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../../constants.js';
import { AuthMessages } from './messages.js';

/** `POST /api/auth/reset`: the code from the reset e-mail (also in its link as `?reset=`), and the new password. */
export const ResetBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    code: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { errorMessage: AuthMessages.registerEmpty },
);
export type ResetBody = Static<typeof ResetBody>;

export const ResetResponse = Type.Object({ ok: Type.Literal(true) });

export function resetFormError(form: Pick<ResetBody, 'email' | 'code' | 'password'>): string | undefined {
  if (!form.email?.trim() || !form.code?.trim() || !form.password) return AuthMessages.registerEmpty;
  if (form.password.length < PASSWORD_MIN_LENGTH) return AuthMessages.passwordTooShort;
  return undefined;
}
