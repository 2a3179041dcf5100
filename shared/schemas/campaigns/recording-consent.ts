/**
 * Disclosure and consent (issue 30): US states whose wiretap laws need every party's consent to record a call.
 * A campaign may switch recording off for their leads unless its announcement tells the lead the call is recorded
 * (docs/telephony.md, "Disclosure and consent").
 */
export const ALL_PARTY_CONSENT_STATES: readonly string[] = [
  'CA',
  'CT',
  'FL',
  'IL',
  'MD',
  'MA',
  'MI',
  'MT',
  'NV',
  'NH',
  'PA',
  'WA',
];

/** What the lead hears when the call is answered, where the campaign announces recording and monitoring. */
export const RECORDING_ANNOUNCEMENT_TEXT = 'This call may be recorded and monitored for quality and training purposes.';

export const RecordingConsentMessages = {
  announceLabel: 'Announce recording and monitoring',
  announceHelp:
    'When the lead answers, they hear: "This call may be recorded and monitored for quality and training purposes."',
  consentStatesLabel: "Don't record leads in all-party-consent states",
  consentStatesHelp: `Calls to leads in ${ALL_PARTY_CONSENT_STATES.join(', ')} are not recorded while the announcement is off.`,
  /** Both switches on: the announcement is the consent, so those calls are recorded. */
  consentStatesAnnounced: 'The announcement is on, so calls to these states are recorded too.',
  /** Call History, instead of a recording. */
  notRecorded: (state: string) => `Not recorded: ${state} requires every party's consent`,
} as const;
