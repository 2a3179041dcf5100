import { Type, type Static } from 'typebox';
import { CommissionStructureSchema } from './structure.js';

export const CAMPAIGN_STATUSES = ['active', 'coming-soon'] as const;
export const CAMPAIGN_ROLES = ['Opener', 'Closer', 'Both'] as const;

/** `GET /api/campaigns?search=&status=&role=`: public (the landing page's directory); `joined` is false without sign-in. */
export const CampaignListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Enum(CAMPAIGN_STATUSES)),
  /** Matches the role needed or 'Both' (spec 2). */
  role: Type.Optional(Type.Enum(CAMPAIGN_ROLES)),
});
export type CampaignListQuery = Static<typeof CampaignListQuery>;

export const CampaignSummary = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  status: Type.Enum(CAMPAIGN_STATUSES),
  roleNeeded: Type.Enum(CAMPAIGN_ROLES),
  payoutRange: Type.String(),
  leadSourceType: Type.Union([Type.Literal('Supplied'), Type.Literal('Both')]),
  campaignTypes: Type.Array(Type.String()),
  isProfitShare: Type.Boolean(),
  isLimited: Type.Boolean(),
  limitedUntil: Type.Optional(Type.String()),
  commissionStructure: CommissionStructureSchema,
  /** Members, from the `memberships` collection. */
  agentCount: Type.Integer({ minimum: 0 }),
  joined: Type.Boolean(),
  ownerId: Type.Optional(Type.String()),
});
export type CampaignSummary = Static<typeof CampaignSummary>;

export const CampaignList = Type.Object({ items: Type.Array(CampaignSummary) });
export type CampaignList = Static<typeof CampaignList>;
