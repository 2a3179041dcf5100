import { LogOut } from 'lucide-react';
import { MONITOR_MODES, type MonitorMode } from '../../../shared/schemas/coaching/sessions.js';
import { Button } from '../../ui/Button.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import page from '../../ui/Page.module.css';
import { leave, switchMode, useCoaching } from './store.js';
import styles from './Coaching.module.css';

const MODE_LABELS: Record<MonitorMode, string> = { listen: 'Listen', whisper: 'Whisper', barge: 'Barge' };
const MODE_HELP: Record<MonitorMode, string> = {
  listen: 'You hear both sides. Nobody hears you.',
  whisper: 'The agent hears you. The lead does not.',
  barge: 'The agent and the lead both hear you.',
};
const MODE_OPTIONS = MONITOR_MODES.map((mode) => ({ id: mode, label: MODE_LABELS[mode] }));
const ON_CALL: Record<MonitorMode, string> = {
  listen: 'Listening to',
  whisper: 'Whispering to',
  barge: 'Barged into the call of',
};

/** The coach's own session: who they are on, the mode switch (same connection, nothing re-joins) and Leave. */
export function CoachSession() {
  const { session, audio, switching } = useCoaching();
  if (!session) return null;
  return (
    <div className={styles.session} role="group" aria-label="Coaching">
      <p className={page.small} role="status">
        {ON_CALL[session.mode]} {session.agentName}
      </p>
      <FilterGroup
        label="Coaching mode"
        options={MODE_OPTIONS}
        value={session.mode}
        onChange={(mode) => void switchMode(mode)}
      />
      <p className={[page.small, page.muted].join(' ')}>{MODE_HELP[session.mode]}</p>
      {audio ? null : (
        // The simulator's calls have no audio: say so rather than let the coach wait for sound.
        <p className={page.small}>
          This is a simulated call: there is no audio to hear or to speak into. The agent still sees that you are
          listening or coaching.
        </p>
      )}
      <Button variant="secondary" size="sm" onPress={() => void leave()} isDisabled={switching}>
        <LogOut size={14} aria-hidden="true" /> Leave
      </Button>
    </div>
  );
}
