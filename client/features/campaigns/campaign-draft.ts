import {
  CallingHoursMessages,
  DEFAULT_CALLING_HOURS,
  validCallingHours,
} from '../../../shared/schemas/campaigns/calling-hours.js';
import type { CampaignDetail } from '../../../shared/schemas/campaigns/detail.js';
import type { ClosingDeskInput } from '../../../shared/schemas/campaigns/closing-desks.js';
import type { CAMPAIGN_ROLES } from '../../../shared/schemas/campaigns/list.js';
import { DEFAULT_OVERRIDE_PERCENT } from '../../../shared/constants.js';
import { rowsFrom, rulesFrom, type StateRuleRow } from './state-rule-rows.js';

// The campaign form's draft: every field as the user typed it, and the request body made from it.

export interface Draft {
  name: string;
  description: string;
  status: 'active' | 'coming-soon';
  roleNeeded: (typeof CAMPAIGN_ROLES)[number];
  payoutRange: string;
  leadSourceType: 'Supplied' | 'Both';
  campaignTypes: string;
  isProfitShare: boolean;
  isLimited: boolean;
  limitedUntil: string;
  opener: string;
  closer: string;
  fullStack: string;
  level1: string;
  level2: string;
  level3: string;
  payoutDetails: string;
  tiers: { target: string; payout: string }[];
  holdDays: string;
  timeZone: string;
  callingStart: string;
  callingEnd: string;
  stateRules: StateRuleRow[];
  announceRecording: boolean;
  noRecordingInConsentStates: boolean;
  closingDesks: ClosingDeskInput[];
}

export function draftFrom(campaign?: CampaignDetail): Draft {
  const structure = campaign?.commissionStructure;
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    status: campaign?.status ?? 'active',
    roleNeeded: campaign?.roleNeeded ?? 'Both',
    payoutRange: campaign?.payoutRange ?? '',
    leadSourceType: campaign?.leadSourceType ?? 'Supplied',
    campaignTypes: campaign?.campaignTypes.join(', ') ?? '',
    isProfitShare: campaign?.isProfitShare ?? false,
    isLimited: campaign?.isLimited ?? false,
    limitedUntil: campaign?.limitedUntil?.slice(0, 10) ?? '',
    opener: String(structure?.opener ?? ''),
    closer: String(structure?.closer ?? ''),
    fullStack: String(structure?.fullStack ?? ''),
    level1: String(structure?.override.level1 ?? DEFAULT_OVERRIDE_PERCENT.level1),
    level2: String(structure?.override.level2 ?? DEFAULT_OVERRIDE_PERCENT.level2),
    level3: String(structure?.override.level3 ?? DEFAULT_OVERRIDE_PERCENT.level3),
    payoutDetails: campaign?.payoutDetails ?? '',
    tiers: campaign?.tiers.map((tier) => ({ target: tier.target, payout: String(tier.payout) })) ?? [],
    holdDays: String(campaign?.holdDays ?? 0),
    // A new campaign starts in the creator's own zone rather than UTC, which is nobody's local time.
    timeZone: campaign?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    callingStart: campaign?.callingHours.start ?? DEFAULT_CALLING_HOURS.start,
    callingEnd: campaign?.callingHours.end ?? DEFAULT_CALLING_HOURS.end,
    stateRules: rowsFrom(campaign?.stateRules),
    announceRecording: campaign?.announceRecording ?? false,
    noRecordingInConsentStates: campaign?.noRecordingInConsentStates ?? false,
    closingDesks: campaign?.closingDesks?.map((desk) => ({ name: desk.name, number: desk.number })) ?? [],
  };
}

/** Empty number fields stay strings, so the schema reports them instead of them becoming 0. */
const number = (value: string): number | string =>
  value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value);

export function bodyFrom(draft: Draft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    status: draft.status,
    roleNeeded: draft.roleNeeded,
    payoutRange: draft.payoutRange.trim(),
    leadSourceType: draft.leadSourceType,
    campaignTypes: draft.campaignTypes
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean),
    isProfitShare: draft.isProfitShare,
    isLimited: draft.isLimited,
    limitedUntil: draft.isLimited && draft.limitedUntil ? draft.limitedUntil : null,
    commissionStructure: {
      opener: number(draft.opener),
      closer: number(draft.closer),
      fullStack: number(draft.fullStack),
      override: { level1: number(draft.level1), level2: number(draft.level2), level3: number(draft.level3) },
    },
    payoutDetails: draft.payoutDetails.trim(),
    tiers: draft.tiers
      .filter((tier) => tier.target.trim() || tier.payout.trim())
      .map((tier) => ({ target: tier.target.trim(), payout: number(tier.payout) })),
    holdDays: number(draft.holdDays),
    timeZone: draft.timeZone.trim(),
    callingHours: { start: draft.callingStart, end: draft.callingEnd },
    stateRules: rulesFrom(draft.stateRules),
    announceRecording: draft.announceRecording,
    noRecordingInConsentStates: draft.noRecordingInConsentStates,
    // Rows left wholly blank are dropped; a half-filled one is reported.
    closingDesks: draft.closingDesks
      .filter((desk) => desk.name.trim() || desk.number.trim())
      .map((desk) => ({ name: desk.name.trim(), number: desk.number.trim() })),
  };
}

/** What the schema cannot see: a zone this browser does not know, or hours that end before they start. */
export function callingHoursProblem(body: ReturnType<typeof bodyFrom>): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: body.timeZone });
  } catch {
    return CallingHoursMessages.badTimeZone;
  }
  return validCallingHours(body.callingHours) ? undefined : CallingHoursMessages.badHours;
}
