import { Square } from 'lucide-react';
import { Button } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import styles from './Resources.module.css';

/** "00:00", as the spec's recording timer shows it. */
const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** Recording or recorded, the timer, and Stop while recording. */
export function RecordingStatus({
  recording,
  seconds,
  onStop,
}: {
  recording: boolean;
  seconds: number;
  onStop: () => void;
}) {
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
