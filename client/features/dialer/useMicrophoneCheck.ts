import { useEffect, useState } from 'react';
import { openMicrophone, recordAndPlayBack, refreshDevices, watchLevel } from './devices.js';

type TestPhase = 'idle' | 'recording' | 'playing';

/**
 * The chosen microphone (`microphoneId`) opened while the audio settings are: its live level, whether it could be
 * opened, and "Test my microphone" (record a few seconds, play them back) with the phase it is in.
 */
export function useMicrophoneCheck(microphoneId: string | null) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [level, setLevel] = useState(0);
  const [phase, setPhase] = useState<TestPhase>('idle');

  // The chosen microphone, opened for the meter and the test; reopened when the choice changes.
  useEffect(() => {
    let opened: MediaStream | null = null;
    let cancelled = false;
    openMicrophone()
      .then(async (media) => {
        if (cancelled) return media.getTracks().forEach((t) => t.stop());
        opened = media;
        setFailed(false);
        setStream(media);
        await refreshDevices();
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      opened?.getTracks().forEach((t) => t.stop());
      setStream(null);
    };
  }, [microphoneId]);

  useEffect(() => (stream ? watchLevel(stream, setLevel) : undefined), [stream]);

  const testMicrophone = async () => {
    if (!stream || phase !== 'idle') return;
    try {
      await recordAndPlayBack(stream, setPhase);
    } finally {
      setPhase('idle');
    }
  };

  return { stream, failed, level, phase, testMicrophone };
}
