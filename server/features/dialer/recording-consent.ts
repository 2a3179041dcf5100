import { ALL_PARTY_CONSENT_STATES } from '../../../shared/schemas/campaigns/recording-consent.js';
import type { CampaignDoc } from '../campaigns/public.js';
import type { LeadDoc } from '../leads/public.js';
import type { CallDoc } from './repository.js';
import { usStateOf } from './state-rules.js';

/** What a call stores of its campaign's disclosure settings when it is placed (they may change during the call). */
type RecordingPlan = Pick<CallDoc, 'announceRecording' | 'recordingOff'>;

/**
 * The campaign's "announce recording and monitoring" and "don't record leads in all-party-consent states" for one
 * dial. The lead's state is the one the calling-hours rules use (its `details.state`, else the number's area code).
 * The announcement is the lead's notice, so with it on every call is recorded.
 */
export function recordingPlanFor(
  campaign: CampaignDoc | null,
  lead: LeadDoc | null,
  phoneDigits: string,
): RecordingPlan {
  if (campaign?.announceRecording) return { announceRecording: true };
  if (!campaign?.noRecordingInConsentStates) return {};
  const state = usStateOf(lead?.details, phoneDigits);
  return state && ALL_PARTY_CONSENT_STATES.includes(state) ? { recordingOff: { reason: 'consent-state', state } } : {};
}

/** What the provider is asked to do with the call's media (`makeCall`), from the plan the call stored. */
export function mediaPlanOf(call: CallDoc): { announce?: true; record?: false } {
  return {
    ...(call.announceRecording ? { announce: true as const } : {}),
    ...(call.recordingOff ? { record: false as const } : {}),
  };
}
