import { Type, type Static } from 'typebox';
import { AuthMessages } from '../auth/messages.js';

/** `POST /api/me/2fa/setup`: a new secret (not active until enabled) for the authenticator app. */
export const TwoFactorSetupResponse = Type.Object({
  otpauthUrl: Type.String(),
  qrDataUrl: Type.String(),
  secret: Type.String(),
});
export type TwoFactorSetupResponse = Static<typeof TwoFactorSetupResponse>;

/** Body of `POST /api/me/2fa/enable` (a TOTP code) and `/disable` (a TOTP code or a recovery code). */
export const TwoFactorCodeBody = Type.Object({
  code: Type.String({ minLength: 6, maxLength: 32, errorMessage: AuthMessages.twoFactorCodeFormat }),
});
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;

/** Shown once: each recovery code signs in once when the authenticator is lost. */
export const TwoFactorEnableResponse = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type TwoFactorEnableResponse = Static<typeof TwoFactorEnableResponse>;

export const TwoFactorDisableResponse = Type.Object({ twoFactorEnabled: Type.Literal(false) });
