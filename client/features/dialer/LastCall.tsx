import { Ban, Tag } from 'lucide-react';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { DIAL_RESULT_LABEL, SUGGESTED_DISPOSITION } from '../../../shared/schemas/dialer/dial-result.js';
import { callName, formatDuration, formatPhone } from '../../../shared/schemas/dialer/messages.js';
import { Button } from '../../ui/Button.js';
import { applySuggestedStatus, markDoNotCall } from './actions.js';
import { useDialer } from './store.js';
import styles from './Dialer.module.css';

const STATUS_LABEL = { answered: 'Answered', voicemail: 'Voicemail', missed: 'Missed' } as const;

/**
 * The call that just ended: whom, how it ended and how long, with "Mark do not call" and, when the way it ended
 * suggests a lead status, the button that sets it.
 */
export function LastCall({
  call,
}: {
  call: Pick<CallView, 'id' | 'name' | 'phone' | 'dialResult' | 'status' | 'duration' | 'leadId'>;
}) {
  const dialer = useDialer();
  const suggestion = call.dialResult ? SUGGESTED_DISPOSITION[call.dialResult] : undefined;
  const marked = dialer.markedDoNotCall.includes(call.id);
  const applied = dialer.suggestionsApplied.includes(call.id);
  return (
    <div className={styles.lastCall}>
      <p className={styles.small}>
        Last call: {callName(call.name, call.phone) ? `${call.name}, ` : ''}
        {formatPhone(call.phone)} · {call.dialResult ? DIAL_RESULT_LABEL[call.dialResult] : STATUS_LABEL[call.status!]}{' '}
        · {formatDuration(call.duration)}
      </p>
      <Button size="sm" variant="ghost" onPress={() => void markDoNotCall(call.id)} isDisabled={marked}>
        <Ban size={14} aria-hidden="true" />
        {marked ? 'Marked do not call' : 'Mark do not call'}
      </Button>
      {call.leadId && suggestion ? (
        <Button
          size="sm"
          variant="ghost"
          onPress={() => void applySuggestedStatus(call.id, call.leadId!, suggestion)}
          isDisabled={applied}
        >
          <Tag size={14} aria-hidden="true" />
          {applied ? `Lead set to ${suggestion}` : `Set lead to ${suggestion}`}
        </Button>
      ) : null}
    </div>
  );
}
