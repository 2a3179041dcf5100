import { Type, type Static } from 'typebox';
import { CallingHoursSchema } from './calling-hours.js';
import { StateCallingRulesSchema } from './state-rules.js';
import { CampaignSummary } from './list.js';
import { TierSchema } from './structure.js';
import { ClosingDesk } from './closing-desks.js';

/** `GET /api/campaigns/:id` (`:id` is the id or the slug). Public, like the list. */
export const CampaignParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type CampaignParams = Static<typeof CampaignParams>;

export const CampaignDetail = Type.Object({
  ...CampaignSummary.properties,
  payoutDetails: Type.String(),
  /** `payout` in dollars, as the spec shows it (e.g. 50 nights -> $350). */
  tiers: Type.Array(TierSchema),
  /** Days a commission stays pending before it can be paid. */
  holdDays: Type.Integer({ minimum: 0 }),
  /** IANA zone used for calling hours when a lead's own zone is unknown. */
  timeZone: Type.String(),
  callingHours: CallingHoursSchema,
  /** The campaign's own state rules (over STATE_CALLING_RULES); `{}` when it uses the defaults. */
  stateRules: StateCallingRulesSchema,
  /** The lead hears the recording and monitoring announcement when a call is answered. */
  announceRecording: Type.Boolean(),
  /** Leads in all-party-consent states are not recorded while the announcement is off. */
  noRecordingInConsentStates: Type.Boolean(),
  /** The owner's closing desks: only for a viewer who may edit the campaign (the owner, admins). */
  closingDesks: Type.Optional(Type.Array(ClosingDesk)),
  /** The viewer owns the campaign or is an admin. */
  canEdit: Type.Boolean(),
});
export type CampaignDetail = Static<typeof CampaignDetail>;
