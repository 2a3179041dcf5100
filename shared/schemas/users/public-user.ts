import { Type } from 'typebox';

const RoleSchema = Type.Union([Type.Literal('sales'), Type.Literal('owner'), Type.Literal('admin')]);

/**
 * The signed-in user as answers carry it (mirrors shared/types/user.ts `PublicUser`). Extra properties
 * pass through, so a feature that adds a field to PublicUser does not have it stripped here.
 */
export const PublicUserSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    role: RoleSchema,
    avatarSeed: Type.String(),
    contact: Type.Optional(Type.String()),
    referralCode: Type.String(),
    uplineId: Type.Optional(Type.String()),
    plan: Type.Object({
      tier: Type.Union([Type.Literal('trial'), Type.Literal('pro'), Type.Literal('matrix')]),
      trialEndsAt: Type.String(),
    }),
    roleRequest: Type.Optional(
      Type.Object({
        role: RoleSchema,
        status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
        at: Type.String(),
      }),
    ),
    earlyAccess: Type.Boolean(),
    accessGranted: Type.Boolean(),
    activeCampaignId: Type.Optional(Type.String()),
    twoFactorEnabled: Type.Boolean(),
    createdAt: Type.String(),
  },
  { additionalProperties: true },
);
