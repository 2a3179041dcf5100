import { Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button.js';
import styles from './Calls.module.css';

/**
 * The recording of an answered call. `url` is the call view's `recordingUrl`, signed for this viewer (`?sig=`), so
 * the <audio> element streams it itself, with range requests for seeking; nothing is fetched until the agent asks.
 */
export function RecordingPlayer({ url, who }: { url: string; who: string }) {
  const [playing, setPlaying] = useState(false);

  if (playing)
    return (
      <audio
        className={styles.audio}
        controls
        autoPlay
        preload="metadata"
        src={url}
        aria-label={`Recording of the call with ${who}`}
      />
    );
  return (
    <Button
      size="sm"
      variant="secondary"
      onPress={() => setPlaying(true)}
      aria-label={`Play the recording of the call with ${who}`}
    >
      <Play size={14} aria-hidden="true" /> Play
    </Button>
  );
}
