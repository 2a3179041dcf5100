import { RecordingConsentMessages } from '../../../shared/schemas/campaigns/recording-consent.js';
import { Checkbox } from '../../ui/Checkbox.js';
import styles from './Campaigns.module.css';

interface RecordingConsent {
  announceRecording: boolean;
  noRecordingInConsentStates: boolean;
}

/** Disclosure and consent (issue 30): what the lead hears on answer, and which leads are not recorded. */
export function RecordingConsentFields({
  value,
  onChange,
  isDisabled,
}: {
  value: RecordingConsent;
  onChange: (next: Partial<RecordingConsent>) => void;
  isDisabled: boolean;
}) {
  const m = RecordingConsentMessages;
  return (
    <fieldset className={styles.fieldset}>
      <legend>Recording and consent</legend>
      <Checkbox
        isSelected={value.announceRecording}
        onChange={(announceRecording) => onChange({ announceRecording })}
        isDisabled={isDisabled}
      >
        {m.announceLabel}
      </Checkbox>
      <p className={styles.fieldsetNote}>{m.announceHelp}</p>
      <Checkbox
        isSelected={value.noRecordingInConsentStates}
        onChange={(noRecordingInConsentStates) => onChange({ noRecordingInConsentStates })}
        isDisabled={isDisabled}
      >
        {m.consentStatesLabel}
      </Checkbox>
      <p className={styles.fieldsetNote}>
        {value.noRecordingInConsentStates && value.announceRecording ? m.consentStatesAnnounced : m.consentStatesHelp}
      </p>
    </fieldset>
  );
}
