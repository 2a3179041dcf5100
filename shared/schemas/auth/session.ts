import { Type, type Static } from 'typebox';
import { PublicUserSchema } from '../users/public-user.js';

/** Answer of verify, login and login/2fa (the refresh token travels in the `cw_refresh` cookie). */
export const AuthSession = Type.Object({ accessToken: Type.String(), user: PublicUserSchema });
export type AuthSession = Static<typeof AuthSession>;

/** `POST /api/auth/refresh`. */
export const RefreshResponse = Type.Object({ accessToken: Type.String() });
export type RefreshResponse = Static<typeof RefreshResponse>;
