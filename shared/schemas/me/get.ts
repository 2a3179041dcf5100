import { Type, type Static } from 'typebox';
import { PublicUserSchema } from '../users/public-user.js';

/**
 * `GET /api/me`: the user plus `access` — `denied` only when ACCESS_MODE=waitlist and an admin has not
 * granted access (first-50 waitlist sign-ups and admins always get in).
 */
export const MeResponse = Type.Object(
  { ...PublicUserSchema.properties, access: Type.Union([Type.Literal('granted'), Type.Literal('denied')]) },
  { additionalProperties: true },
);
export type MeResponse = Static<typeof MeResponse>;
