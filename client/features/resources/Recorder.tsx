import { Mic } from 'lucide-react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { VoiceNoteItem } from '../../../shared/schemas/voice-notes/list.js';
import { Button } from '../../ui/Button.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import page from '../../ui/Page.module.css';
import { RecordingStatus } from './RecordingStatus.js';
import type { CampaignOption } from './useCampaignOptions.js';
import { useVoiceNoteRecorder } from './useVoiceNoteRecorder.js';
import styles from './Resources.module.css';

/** The record panel: start, name, Cancel and Save (spec), recording in the browser with MediaRecorder. */
export function Recorder({
  campaigns,
  onSaved,
}: {
  campaigns: CampaignOption[];
  onSaved: (note: VoiceNoteItem) => void;
}) {
  const recorder = useVoiceNoteRecorder(onSaved);
  const { phase, fields, set } = recorder;
  const saving = phase === 'saving';
  return (
    <section className={[page.card, styles.recorder].join(' ')} aria-labelledby="recorder-title">
      <h2 id="recorder-title" className={page.cardTitle}>
        Record a Voice Note
      </h2>
      {phase === 'idle' ? (
        <div>
          <Button onPress={() => void recorder.start()}>
            <Mic size={18} aria-hidden="true" /> Start Recording
          </Button>
        </div>
      ) : (
        <>
          <RecordingStatus recording={phase === 'recording'} seconds={recorder.seconds} onStop={recorder.stop} />
          <TextField
            label="Recording name"
            value={fields.name}
            onChange={set.name}
            isInvalid={fields.nameError !== null}
            maxLength={200}
            isDisabled={saving}
          />
          {fields.nameError ? (
            <p role="alert" className={page.error} style={{ margin: 0 }}>
              {fields.nameError}
            </p>
          ) : null}
          <div className={page.formGrid}>
            <Select
              label="Campaign"
              options={[{ id: 'none', label: 'No campaign' }, ...campaigns]}
              value={fields.campaign}
              onChange={(value) => set.campaign(value ?? 'none')}
              isDisabled={saving}
            />
          </div>
          <AriaTextField
            value={fields.transcription}
            onChange={set.transcription}
            maxLength={20_000}
            isDisabled={saving}
            className={styles.fileField}
          >
            <Label className={styles.label}>Transcription (optional)</Label>
            <TextArea
              className={page.textarea}
              placeholder="Type what you said, for teammates who cannot listen right now."
            />
          </AriaTextField>
          <div className={page.row}>
            <Button variant="secondary" onPress={recorder.cancel} isDisabled={saving}>
              Cancel
            </Button>
            <Button onPress={() => void recorder.save()} isDisabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
