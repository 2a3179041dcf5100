import { Headphones, LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { SocketEvents } from '../../../shared/events.js';
import { MONITOR_MODES, type MonitorMode } from '../../../shared/schemas/coaching/sessions.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { onLive } from '../../live/socket.js';
import { Button } from '../../ui/Button.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import page from '../../ui/Page.module.css';
import { followCoaching, leave, listen, switchMode, useCoaching } from './store.js';
import styles from './Coaching.module.css';

/** Live calls refresh this often besides the team's call events (owners and admins get no team events). */
const CALLS_REFRESH_MS = 5_000;

const MODE_LABELS: Record<MonitorMode, string> = { listen: 'Listen', whisper: 'Whisper', barge: 'Barge' };
const MODE_HELP: Record<MonitorMode, string> = {
  listen: 'You hear both sides. Nobody hears you.',
  whisper: 'The agent hears you. The lead does not.',
  barge: 'The agent and the lead both hear you.',
};
const MODE_OPTIONS = MONITOR_MODES.map((mode) => ({ id: mode, label: MODE_LABELS[mode] }));

/**
 * Live calls the viewer may listen to (their downline's, levels 1-3; their campaigns' for an owner; all for an admin),
 * each with "Listen", and the coach's own session: the mode switch and Leave.
 */
export function CoachPanel() {
  const calls = useApiQuery('/api/coaching/calls', { refreshMs: CALLS_REFRESH_MS, quiet: true });
  const { session, joining, switching } = useCoaching();
  const { refresh } = calls;

  useEffect(() => followCoaching(), []);
  useEffect(() => onLive(SocketEvents.teamActivity, () => refresh()), [refresh]);
  useEffect(() => onLive(SocketEvents.coachingEnded, () => refresh()), [refresh]);

  const list = calls.data?.calls ?? [];
  return (
    <section className={page.card} aria-labelledby="live-calls-title">
      <h2 id="live-calls-title" className={page.cardTitle}>
        <Headphones size={18} aria-hidden="true" /> Live calls
      </h2>
      {session ? (
        <div className={styles.session} role="group" aria-label="Coaching">
          <p className={page.small} role="status">
            {session.mode === 'listen'
              ? 'Listening to'
              : session.mode === 'whisper'
                ? 'Whispering to'
                : 'Barged into the call of'}{' '}
            {session.agentName}
          </p>
          <FilterGroup
            label="Coaching mode"
            options={MODE_OPTIONS}
            value={session.mode}
            onChange={(mode) => void switchMode(mode)}
          />
          <p className={[page.small, page.muted].join(' ')}>{MODE_HELP[session.mode]}</p>
          <Button variant="secondary" size="sm" onPress={() => void leave()} isDisabled={switching}>
            <LogOut size={14} aria-hidden="true" /> Leave
          </Button>
        </div>
      ) : null}
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
                onPress={() => void listen(call.agentId)}
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
