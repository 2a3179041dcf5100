import { Type, type Static } from 'typebox';
import { AuthMessages } from './messages.js';

/** `POST /api/auth/resend`: answers `202 PendingVerification` (see register.ts), or 429 with `retryAfter` during the cooldown. */
export const ResendBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, errorMessage: AuthMessages.verificationExpired }),
});
export type ResendBody = Static<typeof ResendBody>;
