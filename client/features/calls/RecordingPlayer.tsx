import { Play } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button.js';
import styles from './Calls.module.css';

/**
 * The recording of an answered call. `url` is the call view's `recordingUrl`, signed for this viewer (`?sig=`), so
 * the <audio> element streams it itself, with range requests for seeking; nothing is fetched until the agent asks.
 * `details` renders below it with `seek(ms)`, which plays from that moment (the objections heard in the call).
 */
export function RecordingPlayer({
  url,
  who,
  details,
}: {
  url: string;
  who: string;
  details?: (seek: (ms: number) => void) => ReactNode;
}) {
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  /** A seek asked before the player existed waits for its metadata. */
  const pendingSeek = useRef<number | null>(null);
  const seek = (ms: number) => {
    if (audio.current) {
      audio.current.currentTime = ms / 1_000;
      void audio.current.play().catch(() => undefined);
    } else {
      pendingSeek.current = ms;
      setPlaying(true);
    }
  };

  return (
    <>
      {playing ? (
        <audio
          ref={audio}
          className={styles.audio}
          controls
          autoPlay
          preload="metadata"
          src={url}
          aria-label={`Recording of the call with ${who}`}
          onLoadedMetadata={(event) => {
            if (pendingSeek.current === null) return;
            event.currentTarget.currentTime = pendingSeek.current / 1_000;
            pendingSeek.current = null;
          }}
        />
      ) : (
        <Button
          size="sm"
          variant="secondary"
          onPress={() => setPlaying(true)}
          aria-label={`Play the recording of the call with ${who}`}
        >
          <Play size={14} aria-hidden="true" /> Play
        </Button>
      )}
      {details?.(seek)}
    </>
  );
}
