import { proxy, useSnapshot } from 'valtio';

/**
 * The agent's microphone and speaker for calls over WebRTC: chosen in the dialer's audio settings, kept in this
 * browser (localStorage, per device ids that only this site's origin can read), asked for by the next getUserMedia
 * and switched on a live connection at once (webrtc.ts). An id the browser no longer lists falls back to the default.
 */
const STORAGE_KEY = 'phone_devices';

interface DeviceOption {
  id: string;
  label: string;
}

interface DevicesState {
  microphoneId: string | null;
  speakerId: string | null;
  microphones: DeviceOption[];
  speakers: DeviceOption[];
}

function readChoice(): Pick<DevicesState, 'microphoneId' | 'speakerId'> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<DevicesState> | null;
    return {
      microphoneId: typeof stored?.microphoneId === 'string' ? stored.microphoneId : null,
      speakerId: typeof stored?.speakerId === 'string' ? stored.speakerId : null,
    };
  } catch {
    return { microphoneId: null, speakerId: null };
  }
}

const devicesStore = proxy<DevicesState>({ ...readChoice(), microphones: [], speakers: [] });

export const useDevices = () => useSnapshot(devicesStore);

function saveChoice(): void {
  try {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ microphoneId: devicesStore.microphoneId, speakerId: devicesStore.speakerId }),
    );
  } catch {
    // Storage full or blocked: the choice lasts for this page.
  }
}

export function chooseMicrophone(id: string | null): void {
  devicesStore.microphoneId = id;
  saveChoice();
}

export function chooseSpeaker(id: string | null): void {
  devicesStore.speakerId = id;
  saveChoice();
}

/** Chromium and Firefox can route an <audio> element to a chosen output; Safari cannot (yet). */
export const canChooseSpeaker = (): boolean =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

const known = (id: string | null, options: DeviceOption[]) => (id && options.some((o) => o.id === id) ? id : null);

/** The chosen microphone when the browser still lists it (the list is read once the settings were opened). */
function chosenMicrophone(): string | null {
  return devicesStore.microphones.length
    ? known(devicesStore.microphoneId, devicesStore.microphones)
    : devicesStore.microphoneId;
}

export function chosenSpeaker(): string | null {
  return devicesStore.speakers.length ? known(devicesStore.speakerId, devicesStore.speakers) : devicesStore.speakerId;
}

/**
 * getUserMedia's audio constraints for calls: the chosen microphone, `exact` (Chromium may pick another device for an
 * `ideal` one); see `openMicrophone` for one that went away.
 */
function microphoneConstraints(): MediaTrackConstraints {
  const id = chosenMicrophone();
  return { echoCancellation: true, noiseSuppression: true, ...(id ? { deviceId: { exact: id } } : {}) };
}

/** The chosen microphone, or the default one when the chosen one is gone (unplugged, another browser profile). */
export async function openMicrophone(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: microphoneConstraints() });
  } catch (error) {
    if (!(error instanceof DOMException) || error.name !== 'OverconstrainedError') throw error;
    return navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  }
}

/** Plays `audio` on the chosen speaker (or the default one); browsers without setSinkId keep their default. */
export async function playOn(audio: HTMLMediaElement, speakerId: string | null): Promise<void> {
  const sink = audio as HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> };
  if (!sink.setSinkId) return;
  await sink.setSinkId(speakerId ?? '').catch(() => undefined);
}

/**
 * Reads the browser's audio devices. Their names are given only once the site may use the microphone, so the
 * settings open a microphone first (for the level meter) and read the list after.
 */
export async function refreshDevices(): Promise<void> {
  const all = await navigator.mediaDevices.enumerateDevices();
  const named = (kind: MediaDeviceKind, fallback: string) =>
    all
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d, i) => ({ id: d.deviceId, label: d.label || `${fallback} ${i + 1}` }));
  devicesStore.microphones = named('audioinput', 'Microphone');
  devicesStore.speakers = named('audiooutput', 'Speaker');
}

/** Level of a microphone stream, 0-100 (RMS of the waveform, scaled so speech sits mid-scale), until stopped. */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  const source = context.createMediaStreamSource(stream);
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    const rms = Math.sqrt(sum / samples.length);
    // dBFS from -60 (silence) to 0 (full scale) mapped onto 0-100.
    const db = rms > 0 ? 20 * Math.log10(rms) : -60;
    onLevel(Math.round(Math.min(100, Math.max(0, ((db + 60) / 60) * 100))));
  }, 100);
  return () => {
    clearInterval(timer);
    source.disconnect();
    void context.close();
  };
}

/** How long "Test my microphone" records before it plays the recording back. */
export const MIC_TEST_SECONDS = 3;

/** Records the stream for a few seconds, then plays it back on the chosen speaker; resolves when playback ends. */
export async function recordAndPlayBack(
  stream: MediaStream,
  onPhase: (phase: 'recording' | 'playing') => void,
): Promise<void> {
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  onPhase('recording');
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, MIC_TEST_SECONDS * 1_000));
  recorder.stop();
  await stopped;
  const url = URL.createObjectURL(new Blob(chunks, { type: recorder.mimeType }));
  try {
    const audio = new Audio(url);
    await playOn(audio, chosenSpeaker());
    onPhase('playing');
    await new Promise<void>((resolve) => {
      audio.onended = () => resolve();
      audio.onerror = () => resolve();
      void audio.play().catch(() => resolve());
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
