import { Headphones } from 'lucide-react';
import { useEffect } from 'react';
import { SocketEvents } from '../../../shared/events.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { onLive } from '../../live/socket.js';
import { Button } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import { CoachSession } from './CoachSession.js';
import { followCoaching, listen, useCoaching } from './store.js';
import styles from './Coaching.module.css';

/** Live calls refresh this often besides the team's call events (owners and admins get no team events). */
const CALLS_REFRESH_MS = 5_000;

/**
 * Live calls the viewer may listen to (their downline's, levels 1-3; their campaigns' for an owner; all for an admin),
 * each with "Listen", and the coach's own session: the mode switch and Leave.
 */
export function CoachPanel() {
  const calls = useApiQuery('/api/coaching/calls', { refreshMs: CALLS_REFRESH_MS, quiet: true });
  const { session, joining } = useCoaching();
  const { refresh } = calls;

  useEffect(() => followCoaching(), []);
  useEffect(() => onLive(SocketEvents.teamActivity, () => refresh()), [refresh]);
  useEffect(() => onLive(SocketEvents.coachingEnded, () => refresh()), [refresh]);

  const list = calls.data?.calls ?? [];
  // The simulator's calls carry no audio: its coaches join without microphone or connection.
  const audio = calls.data?.media === 'webrtc';
  return (
    <section className={page.card} aria-labelledby="live-calls-title">
      <h2 id="live-calls-title" className={page.cardTitle}>
        <Headphones size={18} aria-hidden="true" /> Live calls
      </h2>
      <CoachSession />
      {list.length === 0 ? (
        <p className={[page.small, page.muted].join(' ')}>Nobody you can listen to is on a call right now.</p>
      ) : (
        <ul className={styles.list} aria-label="Calls you can listen to">
          {list.map((call) => (
            <li key={call.callId} className={styles.call}>
              <span>
                {call.agentName}{' '}
                <span className={page.muted}>
                  {call.level ? `L${call.level}` : call.basis === 'owner' ? 'Your campaign' : 'Admin'}
                  {call.campaignName ? ` · ${call.campaignName}` : ''}
                </span>
              </span>
              <Button
                size="sm"
                aria-label={`Listen to ${call.agentName}`}
                isDisabled={joining !== null || session?.callId === call.callId}
                onPress={() => void listen(call.agentId, audio)}
              >
                {joining === call.agentId ? 'Joining...' : 'Listen'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
