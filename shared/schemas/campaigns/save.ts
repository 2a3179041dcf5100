import { Type, type Static } from 'typebox';
import { CallingHoursSchema, TimeZoneSchema } from './calling-hours.js';
import { StateCallingRulesSchema } from './state-rules.js';
import { ClosingDesksSchema } from './closing-desks.js';
import { CAMPAIGN_ROLES, CAMPAIGN_STATUSES } from './list.js';
import { CampaignMessages } from './messages.js';
import { CommissionStructureSchema, TierSchema } from './structure.js';

const fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.String({ minLength: 1, maxLength: 2000 }),
  status: Type.Enum(CAMPAIGN_STATUSES),
  roleNeeded: Type.Enum(CAMPAIGN_ROLES),
  payoutRange: Type.String({ minLength: 1, maxLength: 100 }),
  leadSourceType: Type.Union([Type.Literal('Supplied'), Type.Literal('Both')]),
  campaignTypes: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 }),
  isProfitShare: Type.Boolean(),
  isLimited: Type.Boolean(),
  /** An ISO date (YYYY-MM-DD or a full timestamp); null clears it. */
  limitedUntil: Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}', maxLength: 40 }), Type.Null()]),
  commissionStructure: CommissionStructureSchema,
  payoutDetails: Type.String({ maxLength: 2000 }),
  tiers: Type.Array(TierSchema, { maxItems: 20 }),
  holdDays: Type.Integer({ minimum: 0, maximum: 365 }),
  /** IANA zone for calling hours of leads whose own zone is unknown (neither imported nor given by the number). */
  timeZone: TimeZoneSchema,
  /** Local to the lead; default 08:00-21:00. */
  callingHours: CallingHoursSchema,
  /** Stricter rules per US state (default STATE_CALLING_RULES). */
  stateRules: StateCallingRulesSchema,
  /** Disclosure (issue 30): the lead hears that the call is recorded and monitored when it is answered. */
  announceRecording: Type.Boolean(),
  /** Leads in all-party-consent states are not recorded unless the announcement is on. */
  noRecordingInConsentStates: Type.Boolean(),
  /** The owner's own closing desks an opener may transfer a lead to (name + phone number or SIP address). */
  closingDesks: ClosingDesksSchema,
};

/** `POST /api/campaigns` (owners and admins): name, description, status, role needed, payout range and commission structure are required. */
export const CampaignCreateBody = Type.Object(
  {
    name: fields.name,
    description: fields.description,
    status: fields.status,
    roleNeeded: fields.roleNeeded,
    payoutRange: fields.payoutRange,
    commissionStructure: fields.commissionStructure,
    leadSourceType: Type.Optional(fields.leadSourceType),
    campaignTypes: Type.Optional(fields.campaignTypes),
    isProfitShare: Type.Optional(fields.isProfitShare),
    isLimited: Type.Optional(fields.isLimited),
    limitedUntil: Type.Optional(fields.limitedUntil),
    payoutDetails: Type.Optional(fields.payoutDetails),
    tiers: Type.Optional(fields.tiers),
    holdDays: Type.Optional(fields.holdDays),
    timeZone: Type.Optional(fields.timeZone),
    callingHours: Type.Optional(fields.callingHours),
    stateRules: Type.Optional(fields.stateRules),
    announceRecording: Type.Optional(fields.announceRecording),
    noRecordingInConsentStates: Type.Optional(fields.noRecordingInConsentStates),
    closingDesks: Type.Optional(fields.closingDesks),
  },
  { errorMessage: CampaignMessages.invalid, additionalProperties: false },
);
export type CampaignCreateBody = Static<typeof CampaignCreateBody>;

/** `PATCH /api/campaigns/:id` (the campaign's owner or an admin): any subset of the fields. */
export const CampaignUpdateBody = Type.Partial(Type.Object(fields), {
  errorMessage: CampaignMessages.invalid,
  additionalProperties: false,
  minProperties: 1,
});
export type CampaignUpdateBody = Static<typeof CampaignUpdateBody>;
