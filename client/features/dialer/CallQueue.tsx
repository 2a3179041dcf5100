import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { ToggleSwitch } from '../../ui/ToggleSwitch.js';
import { setAutoDial } from './actions.js';
import { AddToQueueForm } from './AddToQueueForm.js';
import { LeadPicker } from './LeadPicker.js';
import { QueuedContact } from './QueuedContact.js';
import { useDialer } from './store.js';
import styles from './Dialer.module.css';

/** The agent's call queue under the phone: the Auto-dial switch and why it paused, the contacts, and ways to add more. */
export function CallQueue() {
  const dialer = useDialer();
  const titleId = useId();
  const { contacts, autoDial, pausedReason, notice } = dialer.queue;

  return (
    <div className={styles.queue} aria-labelledby={titleId} role="region">
      <div className={styles.head}>
        <h3 id={titleId} className={styles.subtitle}>
          Call queue <span className={styles.count}>({contacts.length})</span>
        </h3>
        <ToggleSwitch
          isSelected={autoDial}
          onChange={(enabled) => void setAutoDial(enabled)}
          isDisabled={dialer.busy.autoDial || dialer.status !== 'ready'}
        >
          Auto-dial
        </ToggleSwitch>
      </div>

      {pausedReason ? (
        <p className={styles.warning} role="status">
          <TriangleAlert size={16} aria-hidden="true" /> {pausedReason}
        </p>
      ) : null}
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}

      {contacts.length ? (
        <ol className={styles.queueList} aria-label="Queued contacts">
          {contacts.map((contact, index) => (
            <QueuedContact
              key={contact.id}
              contact={contact}
              first={index === 0}
              last={index === contacts.length - 1}
            />
          ))}
        </ol>
      ) : (
        <p className={styles.small}>The queue is empty. Add leads or contacts to call them one after another.</p>
      )}

      <AddToQueueForm />
      <LeadPicker />
    </div>
  );
}
