import { CircleDot, TriangleAlert } from 'lucide-react';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { formatDuration } from '../../../shared/schemas/dialer/messages.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { CoachingIndicator } from '../coaching/public.js';
import { LiveRebuttals } from '../rebuttals/public.js';
import { markDoNotCall } from './actions.js';
import { LeadKeys } from './LeadKeys.js';
import { useDialer } from './store.js';
import { useCallSeconds } from './timer.js';
import styles from './Dialer.module.css';

const CALL_BADGE: Record<string, { label: string; tone: BadgeTone }> = {
  calling: { label: 'Calling...', tone: 'yellow' },
  ringing: { label: 'Ringing...', tone: 'yellow' },
  connected: { label: 'In call', tone: 'green' },
  ending: { label: 'Ending...', tone: 'yellow' },
};

/** What the agent reads when a sample of the live call crosses a threshold (MOS alone adds no detail). */
const QUALITY_ISSUE: Record<string, string> = { latency: 'high delay', jitter: 'jitter', loss: 'packet loss' };

function qualityWarning(issues: readonly string[]): string {
  const details = issues.map((issue) => QUALITY_ISSUE[issue]).filter(Boolean);
  return details.length ? `Poor call quality: ${details.join(', ')}` : 'Poor call quality';
}

/**
 * The live call under the number: its state, mute and hold badges and timer, a team lead listening, the recording
 * notice, the keys the lead pressed, a quality warning and the rebuttals suggested for what the lead says.
 */
export function LiveCallDetails({
  call,
}: {
  call: Pick<
    CallView,
    'id' | 'state' | 'ringing' | 'muted' | 'held' | 'recording' | 'leadKeys' | 'connectedAt' | 'duration'
  >;
}) {
  const dialer = useDialer();
  const seconds = useCallSeconds(call, dialer.serverOffsetMs);
  const badge = CALL_BADGE[call.state === 'calling' && call.ringing ? 'ringing' : call.state];
  return (
    <>
      <div className={styles.callLine}>
        <Badge tone={badge?.tone ?? 'grey'}>{badge?.label ?? call.state}</Badge>
        {call.muted ? <Badge tone="grey">Muted</Badge> : null}
        {call.held ? <Badge tone="yellow">On hold</Badge> : null}
        <span className={styles.timer} role="timer" aria-label="Call time">
          {formatDuration(seconds)}
        </span>
      </div>
      <CoachingIndicator callId={call.id} />
      {call.recording ? (
        <p className={styles.recorded} role="status">
          <CircleDot size={14} aria-hidden="true" /> This call is recorded
        </p>
      ) : null}
      <LeadKeys keys={call.leadKeys} />
      {dialer.quality?.callId === call.id && dialer.quality.issues.length > 0 ? (
        <p className={styles.quality} role="alert">
          <TriangleAlert size={14} aria-hidden="true" /> {qualityWarning(dialer.quality.issues)}
        </p>
      ) : null}
      <LiveRebuttals
        callId={call.id}
        markedDoNotCall={dialer.markedDoNotCall.includes(call.id)}
        onMarkDoNotCall={() => void markDoNotCall(call.id)}
      />
    </>
  );
}
