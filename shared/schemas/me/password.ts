import { Type, type Static } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../../constants.js';
import { AuthMessages } from '../auth/messages.js';

export const PasswordChangeMessages = {
  empty: AuthMessages.registerEmpty,
  tooShort: AuthMessages.passwordTooShort,
  currentWrong: 'Your current password is incorrect.',
  sameAsCurrent: 'Please choose a password different from your current one.',
  failedTitle: 'Password change failed',
  changedTitle: 'Password changed',
  changed: 'Your password has been changed. Other devices have been signed out.',
} as const;

/**
 * `POST /api/me/password`: the current password proves it is the account holder. The answer is a fresh
 * `{ accessToken, user }` (AuthSession) plus a new `cw_refresh` cookie: every other session ends.
 */
export const PasswordChangeBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
    newPassword: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false, errorMessage: PasswordChangeMessages.empty },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

export function passwordChangeFormError(form: PasswordChangeBody): string | undefined {
  if (!form.currentPassword || !form.newPassword) return PasswordChangeMessages.empty;
  if (form.newPassword.length < PASSWORD_MIN_LENGTH) return PasswordChangeMessages.tooShort;
  if (form.newPassword === form.currentPassword) return PasswordChangeMessages.sameAsCurrent;
  return undefined;
}
