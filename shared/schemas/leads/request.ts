import { Type, type Static } from 'typebox';
import { PLAN_LIMITS } from '../../constants.js';
import { CampaignIdOrSlug } from './campaign-ref.js';

/** `POST /api/leads/request` ("Request Leads"): up to `count` more leads of that campaign, within the plan's caps. */
export const LeadRequestBody = Type.Object({
  /** The campaign's id or slug. */
  campaignId: CampaignIdOrSlug,
  count: Type.Integer({
    minimum: 1,
    maximum: PLAN_LIMITS.leadsPerDay,
    errorMessage: `Ask for between 1 and ${PLAN_LIMITS.leadsPerDay} leads.`,
  }),
});
export type LeadRequestBody = Static<typeof LeadRequestBody>;

/** How many arrived (each also came as `lead:assigned`), what is left of the caps, and a sentence for the toast. */
export const LeadRequestResult = Type.Object({
  assigned: Type.Integer({ minimum: 0 }),
  remainingToday: Type.Integer({ minimum: 0 }),
  remainingThisMonth: Type.Integer({ minimum: 0 }),
  message: Type.String(),
});
export type LeadRequestResult = Static<typeof LeadRequestResult>;
