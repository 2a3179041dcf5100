import { useState } from 'react';
import {
  VoiceNoteMessages,
  type VoiceNoteCreated,
  type VoiceNoteItem,
} from '../../../shared/schemas/voice-notes/list.js';
import { errorToast, toast } from '../../ui/toast.js';
import { uploadForm } from './upload.js';
import { useMediaRecorder } from './useMediaRecorder.js';

type Phase = 'idle' | 'recording' | 'recorded' | 'saving';

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

/**
 * A voice note from start to saved: idle, recording (MediaRecorder), recorded, saving; its name (required, said at
 * Save), campaign and typed transcription; Cancel drops the recording and clears the fields.
 */
export function useVoiceNoteRecorder(onSaved: (note: VoiceNoteItem) => void) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [campaign, setCampaign] = useState('none');
  const [transcription, setTranscription] = useState('');
  const microphone = useMediaRecorder();

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

  function rename(value: string) {
    setName(value);
    if (value.trim()) setNameError(null);
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

  return {
    phase,
    seconds: microphone.seconds,
    fields: { name, nameError, campaign, transcription },
    set: { name: rename, campaign: setCampaign, transcription: setTranscription },
    start,
    stop,
    cancel,
    save,
  };
}
