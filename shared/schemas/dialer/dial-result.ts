import { Type, type Static } from 'typebox';
import type { LeadDisposition } from '../../constants.js';

/**
 * Why a call never connected, told apart from the carrier's final answer (or the ring timeout): what Call History and
 * the panel show instead of a bare "Missed". The call's `status` stays the spec's (`missed`, or `answered`/`voicemail`).
 */
export const DIAL_RESULT_VALUES = ['busy', 'no-answer', 'declined', 'not-in-service', 'failed'] as const;
export type DialResult = (typeof DIAL_RESULT_VALUES)[number];

export const DIAL_RESULT_LABEL: Record<DialResult, string> = {
  busy: 'Busy',
  'no-answer': 'No answer',
  declined: 'Declined',
  'not-in-service': 'Not in service',
  failed: 'Failed',
};

/** The SIP final response that ended an unanswered call (code and reason phrase), as the carrier sent it. */
export const SipCause = Type.Object({
  code: Type.Integer({ minimum: 100, maximum: 699 }),
  reason: Type.String({ maxLength: 120 }),
});
export type SipCause = Static<typeof SipCause>;

/**
 * The lead status suggested after an unanswered call, among the spec's statuses (spec 2 lists them and no others, so
 * "Busy" and "Bad number" are not added): a busy line, no answer or a decline are worth calling again (Follow Up); a
 * number not in service will never answer (Rejected). None for a failure on our side.
 */
export const SUGGESTED_DISPOSITION: Partial<Record<DialResult, LeadDisposition>> = {
  busy: 'Follow Up',
  'no-answer': 'Follow Up',
  declined: 'Follow Up',
  'not-in-service': 'Rejected',
};
