import { Mic, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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

type Phase = 'idle' | 'recording' | 'recorded' | 'saving';

/** "00:00", as the spec's recording timer shows it. */
const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' };

interface Take {
  blob: Blob;
  seconds: number;
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
  const [seconds, setSeconds] = useState(0);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [campaign, setCampaign] = useState('none');
  const [transcription, setTranscription] = useState('');
  const recorder = useRef<MediaRecorder | null>(null);
  const take = useRef<Promise<Take> | null>(null);
  const startedAt = useRef(0);

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  // Leaving the page while recording releases the microphone.
  useEffect(() => () => stopRecorder(), []);

  function stopRecorder() {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }

  async function start() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      errorToast('Microphone unavailable', 'Allow microphone access in your browser to record a voice note.');
      return;
    }
    const mimeType = PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    media.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    take.current = new Promise<Take>((resolve) => {
      media.addEventListener('stop', () => {
        stream.getTracks().forEach((track) => track.stop());
        resolve({
          blob: new Blob(chunks, { type: media.mimeType || mimeType || 'audio/webm' }),
          seconds: Math.max(1, Math.round((Date.now() - startedAt.current) / 1000)),
        });
      });
    });
    recorder.current = media;
    startedAt.current = Date.now();
    setSeconds(0);
    media.start(250);
    setPhase('recording');
  }

  function stop() {
    stopRecorder();
    setPhase('recorded');
  }

  function cancel() {
    stopRecorder();
    take.current = null;
    recorder.current = null;
    setPhase('idle');
    setSeconds(0);
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
    stopRecorder();
    const pending = take.current;
    if (!pending) return;
    setPhase('saving');
    const { blob, seconds: duration } = await pending;
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
          <div className={page.row} aria-live="polite">
            {phase === 'recording' ? (
              <span className={styles.recording}>
                <span className={styles.recordingDot} aria-hidden="true" /> Recording...
              </span>
            ) : (
              <span className={page.muted}>Recorded</span>
            )}
            <span className={styles.timer} role="timer" aria-label="Recording time">
              {clock(seconds)}
            </span>
            {phase === 'recording' ? (
              <Button variant="secondary" size="sm" onPress={stop}>
                <Square size={14} aria-hidden="true" /> Stop
              </Button>
            ) : null}
          </div>
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
