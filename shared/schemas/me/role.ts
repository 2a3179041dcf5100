import { Type, type Static } from 'typebox';
import { PublicUserSchema } from '../users/public-user.js';

export const RoleMessages = {
  invalidRole: 'Please choose a role.',
  ownerRequested: 'Owner role requested',
  adminDeniedTitle: 'Admin access denied',
  adminDenied: 'Admin roles are restricted. Please contact support if you believe you should have admin access.',
} as const;

/** `POST /api/me/role`: sales is assigned; owner is recorded as a request for an admin; admin is refused (403). */
export const RoleBody = Type.Object({
  role: Type.Union([Type.Literal('sales'), Type.Literal('owner'), Type.Literal('admin')], {
    errorMessage: RoleMessages.invalidRole,
  }),
});
export type RoleBody = Static<typeof RoleBody>;

export const RoleResponse = Type.Object({
  user: PublicUserSchema,
  notice: Type.Optional(Type.Literal(RoleMessages.ownerRequested)),
});
export type RoleResponse = Static<typeof RoleResponse>;
