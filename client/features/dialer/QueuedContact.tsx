import { ArrowDown, ArrowUp, Phone, Trash2, TriangleAlert, type LucideIcon } from 'lucide-react';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import type { QueueContactView } from '../../../shared/schemas/dialer/queue.js';
import { Button } from '../../ui/Button.js';
import { moveInQueue, removeFromQueue, startCall } from './actions.js';
import { dialerStore, dialNumber, isLive, useDialer } from './store.js';
import styles from './Dialer.module.css';

/** Calls a queued contact by hand: the contact leaves the queue once the call is placed (spec). */
async function callQueued(contact: QueueContactView): Promise<void> {
  dialNumber(contact.phone, contact.leadId, contact.name);
  const before = dialerStore.call?.id;
  await startCall();
  if (dialerStore.call && dialerStore.call.id !== before && isLive(dialerStore.call)) await removeFromQueue(contact.id);
}

/** One of a queued contact's icon buttons, named for the screen reader by what it does to whom. */
function QueueAction({
  label,
  icon: Icon,
  isDisabled,
  onPress,
}: {
  label: string;
  icon: LucideIcon;
  isDisabled: boolean;
  onPress: () => void;
}) {
  return (
    <Button size="sm" variant="ghost" aria-label={label} isDisabled={isDisabled} onPress={onPress}>
      <Icon size={14} aria-hidden="true" />
    </Button>
  );
}

/** One contact of the call queue: who, why auto-dial skipped them, and Call, Move up/down and Remove. */
export function QueuedContact({ contact, first, last }: { contact: QueueContactView; first: boolean; last: boolean }) {
  const dialer = useDialer();
  return (
    <li className={styles.queueItem}>
      <div className={styles.queueWho}>
        <span className={styles.queueName}>{contact.name}</span>
        <span className={styles.small}>{formatPhone(contact.phone)}</span>
        {contact.skipReason ? (
          <span className={styles.skip}>
            <TriangleAlert size={13} aria-hidden="true" /> Skipped: {contact.skipReason}
          </span>
        ) : null}
      </div>
      <div className={styles.queueActions}>
        <QueueAction
          label={`Call ${contact.name}`}
          icon={Phone}
          isDisabled={isLive(dialer.call)}
          onPress={() => void callQueued(contact)}
        />
        <QueueAction
          label={`Move ${contact.name} up`}
          icon={ArrowUp}
          isDisabled={first || dialer.busy.queue}
          onPress={() => void moveInQueue(contact.id, -1)}
        />
        <QueueAction
          label={`Move ${contact.name} down`}
          icon={ArrowDown}
          isDisabled={last || dialer.busy.queue}
          onPress={() => void moveInQueue(contact.id, 1)}
        />
        <QueueAction
          label={`Remove ${contact.name} from queue`}
          icon={Trash2}
          isDisabled={dialer.busy.queue}
          onPress={() => void removeFromQueue(contact.id)}
        />
      </div>
    </li>
  );
}
