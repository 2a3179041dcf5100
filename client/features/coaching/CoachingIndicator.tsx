import { Headphones } from 'lucide-react';
import { useEffect } from 'react';
import { SocketEvents } from '../../../shared/events.js';
import { coachingIndicatorText } from '../../../shared/schemas/coaching/sessions.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { onLive } from '../../live/socket.js';
import styles from './Coaching.module.css';

/** On the agent's dialer panel during a call: "Your team lead is listening" / "Your team lead is coaching". */
export function CoachingIndicator({ callId }: { callId: string }) {
  const mine = useApiQuery('/api/coaching/mine', { quiet: true });
  const { setData } = mine;
  useEffect(() => onLive(SocketEvents.coachingIndicator, (indicator) => setData(indicator)), [setData]);
  const indicator = mine.data;
  const text = indicator && indicator.callId === callId ? coachingIndicatorText(indicator) : null;
  if (!text) return null;
  return (
    <p className={styles.indicator} role="status">
      <Headphones size={14} aria-hidden="true" /> {text}
    </p>
  );
}
