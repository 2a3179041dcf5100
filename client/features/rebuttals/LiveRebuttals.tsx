import { Ban, Lightbulb, MessageSquareWarning } from 'lucide-react';
import { useEffect } from 'react';
import { DO_NOT_CALL_OBJECTION, UNASSISTED_MESSAGES } from '../../../shared/schemas/rebuttals/call-listening.js';
import { Button } from '../../ui/Button.js';
import { followLiveRebuttals, useLiveRebuttals } from './live-store.js';
import styles from './LiveRebuttals.module.css';

/**
 * The dialer panel's live help during a call: the lead's latest objection with the team's best rebuttal for it, a
 * one-click do-not-call when the lead asks to be taken off the list, or why this call is not being listened to.
 */
interface LiveRebuttalsProps {
  callId: string;
  /** The dialer already put this call's number on the do-not-call list. */
  markedDoNotCall: boolean;
  onMarkDoNotCall: () => void;
}

export function LiveRebuttals({ callId, markedDoNotCall, onMarkDoNotCall }: LiveRebuttalsProps) {
  useEffect(() => followLiveRebuttals(), []);
  const { assist, heard } = useLiveRebuttals(callId);
  const latest = heard[heard.length - 1];
  const askedNotToCall = heard.some((h) => h.objection === DO_NOT_CALL_OBJECTION);
  const marked = markedDoNotCall;

  if (assist && !assist.assisted)
    return (
      <p className={styles.unassisted} role="status">
        {UNASSISTED_MESSAGES[assist.reason]}
      </p>
    );
  if (!latest) return null;
  return (
    <section
      className={styles.card}
      aria-label="Live rebuttal"
      aria-live="polite"
      data-phrase-ended-at={latest.phraseEndedAt}
    >
      <p className={styles.heard}>
        <MessageSquareWarning size={14} aria-hidden="true" /> Lead said: “{latest.objection}”
      </p>
      {latest.rebuttal ? (
        <>
          <p className={styles.rebuttal}>
            <Lightbulb size={14} aria-hidden="true" /> {latest.rebuttal.text}
          </p>
          <p className={styles.source}>
            {latest.rebuttal.source === 'library'
              ? `Team rebuttal · ${latest.rebuttal.votes} ${latest.rebuttal.votes === 1 ? 'vote' : 'votes'}`
              : `From the script “${latest.rebuttal.scriptTitle}”`}
          </p>
        </>
      ) : (
        <p className={styles.source}>No team rebuttal for this objection yet.</p>
      )}
      {askedNotToCall ? (
        <div className={styles.dnc} role="alert">
          <p>The lead asked not to be called again.</p>
          <Button size="sm" variant="danger" onPress={onMarkDoNotCall} isDisabled={marked}>
            <Ban size={14} aria-hidden="true" /> {marked ? 'Marked do not call' : 'Mark do not call'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
