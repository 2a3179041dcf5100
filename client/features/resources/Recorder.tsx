import { Mic, Square } from 'lucide-react';
import { useState } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import {
  VoiceNoteMessages,
  type VoiceNoteCreated,
  type VoiceNoteItem,
} from '../../../shared/schemas/voice-notes/list.js';
import { Button } from '../../ui/Button.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { uploadForm } from './upload.js';
import type { CampaignOption } from './useCampaignOptions.js';
import styles from './Resources.module.css';
import { useMediaRecorder } from './useMediaRecorder.js';

type Phase = 'idle' | 'recording' | 'recorded' | 'saving';

/** "00:00", as the spec's recording timer shows it. */
const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' };

/** The upload of a recorded note: its fields, then the audio under a file name made from its title. */
function voiceNoteForm(note: { title: string; campaign: string; duration: number; transcription: string; blob: Blob }) {
  const { title, campaign, duration, transcription, blob } = note;
  const type = blob.type.split(';')[0];
  const form = new FormData();
  form.append('title', title);
  if (campaign !== 'none') form.append('campaign', campaign);
  form.append('duration', String(duration));
  if (transcription.trim()) form.append('transcription', transcription.trim());
  form.append(
    'audio',
    blob,
    `${title.replace(/[^\w-]+/g, '-').slice(0, 60) || 'voice-note'}.${EXTENSIONS[type] ?? 'webm'}`,
  );
  return form;
}

/** The record panel: start, name, Cancel and Save (spec), recording in the browser with MediaRecorder. */
export function Recorder({
  campaigns,
  onSaved,
}: {
  campaigns: CampaignOption[];
  onSaved: (note: VoiceNoteItem) => void;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [campaign, setCampaign] = useState('none');
  const [transcription, setTranscription] = useState('');
  const microphone = useMediaRecorder();
  const seconds = microphone.seconds;

  async function start() {
    if (await microphone.start()) setPhase('recording');
  }

  function stop() {
    microphone.stop();
    setPhase('recorded');
  }

  function cancel() {
    microphone.discard();
    setPhase('idle');
    setName('');
    setNameError(null);
    setTranscription('');
  }

  async function save() {
    const title = name.trim();
    if (!title) {
      setNameError(VoiceNoteMessages.nameRequired);
      errorToast(VoiceNoteMessages.nameRequired);
      return;
    }
    setNameError(null);
    const pending = microphone.take();
    if (!pending) return;
    setPhase('saving');
    const { blob, seconds: duration } = await pending;
    const form = voiceNoteForm({ title, campaign, duration, transcription, blob });
    try {
      const answer = await uploadForm<VoiceNoteCreated>('/api/voice-notes', form);
      toast({ title: answer.message || VoiceNoteMessages.saved(title), variant: 'success' });
      onSaved(answer.note);
      cancel();
    } catch {
      setPhase('recorded');
    }
  }

  const active = phase !== 'idle';
  return (
    <section className={[page.card, styles.recorder].join(' ')} aria-labelledby="recorder-title">
      <h2 id="recorder-title" className={page.cardTitle}>
        Record a Voice Note
      </h2>
      {phase === 'idle' ? (
        <div>
          <Button onPress={() => void start()}>
            <Mic size={18} aria-hidden="true" /> Start Recording
          </Button>
        </div>
      ) : (
        <>
          <RecordingStatus recording={phase === 'recording'} seconds={seconds} onStop={stop} />
          <TextField
            label="Recording name"
            value={name}
            onChange={(value) => {
              setName(value);
              if (value.trim()) setNameError(null);
            }}
            isInvalid={nameError !== null}
            maxLength={200}
            isDisabled={phase === 'saving'}
          />
          {nameError ? (
            <p role="alert" className={page.error} style={{ margin: 0 }}>
              {nameError}
            </p>
          ) : null}
          <div className={page.formGrid}>
            <Select
              label="Campaign"
              options={[{ id: 'none', label: 'No campaign' }, ...campaigns]}
              value={campaign}
              onChange={(value) => setCampaign(value ?? 'none')}
              isDisabled={phase === 'saving'}
            />
          </div>
          <AriaTextField
            value={transcription}
            onChange={setTranscription}
            maxLength={20_000}
            isDisabled={phase === 'saving'}
            className={styles.fileField}
          >
            <Label className={styles.label}>Transcription (optional)</Label>
            <TextArea
              className={page.textarea}
              placeholder="Type what you said, for teammates who cannot listen right now."
            />
          </AriaTextField>
          <div className={page.row}>
            <Button variant="secondary" onPress={cancel} isDisabled={phase === 'saving'}>
              Cancel
            </Button>
            <Button onPress={() => void save()} isDisabled={!active || phase === 'saving'}>
              {phase === 'saving' ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** Recording or recorded, the timer, and Stop while recording. */
function RecordingStatus({ recording, seconds, onStop }: { recording: boolean; seconds: number; onStop: () => void }) {
  return (
    <div className={page.row} aria-live="polite">
      {recording ? (
        <span className={styles.recording}>
          <span className={styles.recordingDot} aria-hidden="true" /> Recording...
        </span>
      ) : (
        <span className={page.muted}>Recorded</span>
      )}
      <span className={styles.timer} role="timer" aria-label="Recording time">
        {clock(seconds)}
      </span>
      {recording ? (
        <Button variant="secondary" size="sm" onPress={onStop}>
          <Square size={14} aria-hidden="true" /> Stop
        </Button>
      ) : null}
    </div>
  );
}
