import { useEffect, useRef, useState } from 'react';
import { errorToast } from '../../ui/toast.js';

const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export interface Take {
  blob: Blob;
  seconds: number;
}

/**
 * Recording from the microphone with MediaRecorder: `start()` asks for the microphone, `stop()` ends the take (its
 * blob arrives through `take()`), `discard()` drops it. The elapsed seconds tick while recording, and leaving the page
 * releases the microphone.
 */
export function useMediaRecorder() {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const pending = useRef<Promise<Take> | null>(null);
  const startedAt = useRef(0);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [recording]);

  useEffect(() => () => stop(), []);

  function stop() {
    if (recorder.current?.state === 'recording') recorder.current.stop();
    setRecording(false);
  }

  /** Whether recording started (false when the microphone was refused, with a toast saying so). */
  async function start(): Promise<boolean> {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      errorToast('Microphone unavailable', 'Allow microphone access in your browser to record a voice note.');
      return false;
    }
    const mimeType = PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    media.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    pending.current = new Promise<Take>((resolve) => {
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
    setRecording(true);
    return true;
  }

  function discard() {
    stop();
    pending.current = null;
    recorder.current = null;
    setSeconds(0);
  }

  /** The last take, once its recorder has stopped (null when there is none). */
  const take = () => {
    stop();
    return pending.current;
  };

  return { recording, seconds, start, stop, discard, take };
}
