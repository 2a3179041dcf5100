import { ArrowDown, ArrowUp, ListPlus, Phone, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Form, Input, Label, Switch, TextField as AriaTextField } from 'react-aria-components';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import type { QueueContactView } from '../../../shared/schemas/dialer/queue.js';
import { Button } from '../../ui/Button.js';
import { moveInQueue, queueContact, removeFromQueue, setAutoDial, startCall } from './actions.js';
import { LeadPicker } from './LeadPicker.js';
import { dialerStore, dialNumber, isLive, useDialer } from './store.js';
import styles from './Dialer.module.css';

/** Calls a queued contact by hand: the contact leaves the queue once the call is placed (spec). */
async function callQueued(contact: QueueContactView): Promise<void> {
  dialNumber(contact.phone, contact.leadId, contact.name);
  const before = dialerStore.call?.id;
  await startCall();
  if (dialerStore.call && dialerStore.call.id !== before && isLive(dialerStore.call)) await removeFromQueue(contact.id);
}

export function CallQueue() {
  const dialer = useDialer();
  const titleId = useId();
  const { contacts, autoDial, pausedReason, notice } = dialer.queue;
  const live = isLive(dialer.call);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await queueContact({ name, phone })) {
      setName('');
      setPhone('');
    }
  };

  return (
    <div className={styles.queue} aria-labelledby={titleId} role="region">
      <div className={styles.head}>
        <h3 id={titleId} className={styles.subtitle}>
          Call queue <span className={styles.count}>({contacts.length})</span>
        </h3>
        <Switch
          className={styles.switch}
          isSelected={autoDial}
          onChange={(enabled) => void setAutoDial(enabled)}
          isDisabled={dialer.busy.autoDial || dialer.status !== 'ready'}
        >
          <span className={styles.track} aria-hidden="true">
            <span className={styles.thumb} />
          </span>
          Auto-dial
        </Switch>
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
            <li key={contact.id} className={styles.queueItem}>
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
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Call ${contact.name}`}
                  isDisabled={live}
                  onPress={() => void callQueued(contact)}
                >
                  <Phone size={14} aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${contact.name} up`}
                  isDisabled={index === 0 || dialer.busy.queue}
                  onPress={() => void moveInQueue(contact.id, -1)}
                >
                  <ArrowUp size={14} aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${contact.name} down`}
                  isDisabled={index === contacts.length - 1 || dialer.busy.queue}
                  onPress={() => void moveInQueue(contact.id, 1)}
                >
                  <ArrowDown size={14} aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${contact.name} from queue`}
                  isDisabled={dialer.busy.queue}
                  onPress={() => void removeFromQueue(contact.id)}
                >
                  <Trash2 size={14} aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.small}>The queue is empty. Add leads or contacts to call them one after another.</p>
      )}

      <Form className={styles.addForm} onSubmit={(event) => void add(event)} aria-label="Add a contact to the queue">
        <AriaTextField className={styles.field} value={name} onChange={setName} maxLength={120}>
          <Label className={styles.label}>Contact name</Label>
          <Input className={styles.input} placeholder="Jane Doe" />
        </AriaTextField>
        <AriaTextField
          className={styles.field}
          value={formatPhone(phone)}
          onChange={setPhone}
          type="tel"
          maxLength={40}
        >
          <Label className={styles.label}>Contact phone</Label>
          <Input className={styles.input} placeholder="(555) 123-4567" inputMode="tel" />
        </AriaTextField>
        <Button type="submit" variant="secondary" isPending={dialer.busy.queue}>
          <ListPlus size={16} aria-hidden="true" /> Add to queue
        </Button>
      </Form>
      <LeadPicker />
    </div>
  );
}
