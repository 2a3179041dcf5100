import { Type, type Static, type TSchema } from 'typebox';

/** The tree shows levels 0-3; deeper levels are only counted (`stats.deeperCount`). */
export const BONSAI_MAX_LEVEL = 3;

/** `GET /api/bonsai?campaignId=` (admins may add `userId` to see another user's tree). */
export const BonsaiQuery = Type.Object({
  campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  userId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
});
export type BonsaiQuery = Static<typeof BonsaiQuery>;

export interface BonsaiNode {
  id: string;
  name: string;
  email: string;
  level: number;
  children: BonsaiNode[];
}

// Depth-limited instead of recursive: the tree never goes below level 3, and the serializer needs no $ref.
function nodeSchema(level: number): TSchema {
  return Type.Object({
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    level: Type.Integer(),
    children: level >= BONSAI_MAX_LEVEL ? Type.Array(Type.Never()) : Type.Array(nodeSchema(level + 1)),
  });
}
export const BonsaiNodeSchema = nodeSchema(0);

export const BonsaiMember = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  avatarSeed: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: BONSAI_MAX_LEVEL }),
  uplineId: Type.String(),
  /** Integer cents this member earned (in the campaign when one is chosen). */
  earnings: Type.Integer(),
  /** Integer cents of override the viewer earned on this member's production. */
  overrideToViewer: Type.Integer(),
  /** Member of the chosen campaign (always true without one). */
  inCampaign: Type.Boolean(),
  onCall: Type.Boolean(),
  joinedDate: Type.String(),
});
export type BonsaiMember = Static<typeof BonsaiMember>;

export const BonsaiResponse = Type.Object({
  campaignId: Type.Union([Type.String(), Type.Null()]),
  tree: BonsaiNodeSchema,
  members: Type.Array(BonsaiMember),
  stats: Type.Object({
    activeMembers: Type.Integer({ minimum: 0 }),
    /** Integer cents: value of the closed deals of the downline (levels 1-3). */
    totalRevenue: Type.Integer(),
    /** Integer cents: average commission line of the downline. */
    avgCommission: Type.Integer(),
    /** Integer cents: overrides the viewer earned. */
    overrideEarnings: Type.Integer(),
    levelCounts: Type.Object({ level1: Type.Integer(), level2: Type.Integer(), level3: Type.Integer() }),
    /** Agents below level 3 (counted, not shown). */
    deeperCount: Type.Integer({ minimum: 0 }),
  }),
  referralCode: Type.String(),
  referralLink: Type.String(),
});
export type BonsaiResponse = Omit<Static<typeof BonsaiResponse>, 'tree'> & { tree: BonsaiNode };
