import { MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { formatDuration } from '../../../shared/schemas/dialer/messages.js';
import type { HeardObjection } from '../../../shared/schemas/rebuttals/call-listening.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Button } from '../../ui/Button.js';
import styles from './HeardInCall.module.css';

const atTime = (ms: number) => formatDuration(Math.floor(ms / 1_000));

/** What the agent was shown for an objection during the call, and where it came from. */
function ShownRebuttal({ objection }: { objection: HeardObjection }) {
  if (!objection.rebuttal) return <p className={styles.muted}>No rebuttal was shown.</p>;
  return (
    <p className={styles.shown}>
      Shown: {objection.rebuttal}{' '}
      <span className={styles.muted}>
        {objection.scriptTitle ? `(from the script “${objection.scriptTitle}”)` : '(team rebuttal)'}
      </span>
    </p>
  );
}

/**
 * Call History's after-call view of what the objection spotter heard: each objection with its time (a click plays the
 * recording from there) and the machine-made transcript of the lead's side, while it is kept.
 */
export function HeardInCall({ callId, onSeek }: { callId: string; onSeek: (ms: number) => void }) {
  const [open, setOpen] = useState(false);
  const heard = useApiQuery(open ? `/api/rebuttals/calls/${callId}` : null, { quiet: true });
  if (!open)
    return (
      <Button size="sm" variant="ghost" onPress={() => setOpen(true)}>
        <MessageSquareWarning size={14} aria-hidden="true" /> Objections
      </Button>
    );
  const data = heard.data;
  if (!data) return <p className={styles.muted}>{heard.failed ? 'Could not load what was heard.' : 'Loading...'}</p>;
  if (!data.listened) return <p className={styles.muted}>This call was not listened to for objections.</p>;
  return (
    <div className={styles.heard}>
      {data.objections.length === 0 ? (
        <p className={styles.muted}>No objections heard.</p>
      ) : (
        <ul className={styles.list} aria-label="Objections heard">
          {data.objections.map((objection) => (
            <li key={`${objection.phrase}-${objection.startMs}`}>
              <Button
                size="sm"
                variant="secondary"
                onPress={() => onSeek(objection.startMs)}
                aria-label={`Play from ${atTime(objection.startMs)}: ${objection.phrase}`}
              >
                {atTime(objection.startMs)} · {objection.phrase}
              </Button>
              <ShownRebuttal objection={objection} />
            </li>
          ))}
        </ul>
      )}
      {data.transcript ? (
        <details className={styles.transcript}>
          <summary>Transcript (machine-made)</summary>
          <p className={styles.muted}>
            {data.transcript.label} Kept until {new Date(data.transcript.expiresAt).toLocaleDateString()}.
          </p>
          {data.transcript.lines.map((line) => (
            <p key={line.atMs}>
              <button type="button" className={styles.time} onClick={() => onSeek(line.atMs)}>
                {atTime(line.atMs)}
              </button>{' '}
              {line.text}
            </p>
          ))}
        </details>
      ) : null}
    </div>
  );
}
