import { Type, type Static } from 'typebox';

/** `POST /api/campaigns/:id/join` (toast "Campaign Joined") and `DELETE /api/campaigns/:id/join`; both idempotent. */
export const CampaignJoinResponse = Type.Object({
  campaignId: Type.String(),
  joined: Type.Boolean(),
  agentCount: Type.Integer({ minimum: 0 }),
});
export type CampaignJoinResponse = Static<typeof CampaignJoinResponse>;
