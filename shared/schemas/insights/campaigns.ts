import { Type, type Static } from 'typebox';
import { InsightsRange } from './query.js';

/**
 * One campaign over the period: leads imported (created), distributed (assigned), worked (status changed away from
 * New), recycled (returned to the pool by the idle sweep); calls started; standing deals closed and their value
 * (`revenue`, cents); `commissionCost` = the ledger lines written for the campaign (void left out, clawbacks deducted).
 */
export const CampaignInsightRow = Type.Object({
  campaignId: Type.String(),
  campaignName: Type.String(),
  imported: Type.Integer({ minimum: 0 }),
  distributed: Type.Integer({ minimum: 0 }),
  worked: Type.Integer({ minimum: 0 }),
  recycled: Type.Integer({ minimum: 0 }),
  calls: Type.Integer({ minimum: 0 }),
  deals: Type.Integer({ minimum: 0 }),
  revenue: Type.Integer(),
  commissionCost: Type.Integer(),
});
export type CampaignInsightRow = Static<typeof CampaignInsightRow>;

export const CampaignInsights = Type.Object({
  range: InsightsRange,
  campaigns: Type.Array(CampaignInsightRow),
  /** Agents who started a call or closed a deal that day, per local day. */
  activeAgents: Type.Array(Type.Object({ start: Type.String(), agents: Type.Integer({ minimum: 0 }) })),
});
export type CampaignInsights = Static<typeof CampaignInsights>;
