import type { Snapshot } from 'valtio';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { qualityRating, type CallQualityRating } from '../../../shared/schemas/dialer/quality.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import page from '../../ui/Page.module.css';
import styles from './Calls.module.css';

/** A word for the rating, with the colour only as a second cue. */
const RATING: Record<CallQualityRating, { label: string; tone: BadgeTone }> = {
  good: { label: 'Good', tone: 'green' },
  fair: { label: 'Fair', tone: 'yellow' },
  poor: { label: 'Poor', tone: 'red' },
};

const figure = (value: number, digits = 0) => value.toFixed(digits);

/**
 * Call History's quality cell: what the agent's browser measured during the call (getStats, stored by the server):
 * the rating by the live warning's thresholds, the average MOS, jitter and packet loss, and how many samples were
 * poor. Calls without WebRTC audio (the simulator) were not measured.
 */
export function CallQuality({ call }: { call: Snapshot<CallView> }) {
  const quality = call.quality;
  if (!quality || quality.samples === 0) return <span className={page.muted}>-</span>;
  const rating = RATING[qualityRating(quality)];
  const { average } = quality;
  return (
    <>
      <Badge tone={rating.tone}>{rating.label}</Badge>
      <span className={styles.sub}>
        MOS {figure(average.mos, 2)} · jitter {figure(average.jitterMs)} ms · loss {figure(average.lossPercent, 1)}%
      </span>
      {quality.poorSamples > 0 ? (
        <span className={styles.sub}>
          {quality.poorSamples} of {quality.samples} samples poor
        </span>
      ) : null}
    </>
  );
}
