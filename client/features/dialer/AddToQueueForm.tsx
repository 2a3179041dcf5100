import { ListPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Form, Input, Label, TextField as AriaTextField } from 'react-aria-components';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import { Button } from '../../ui/Button.js';
import { queueContact } from './actions.js';
import { useDialer } from './store.js';
import styles from './Dialer.module.css';

/** A contact typed by hand (name and phone) added to the end of the call queue; the fields clear once it is queued. */
export function AddToQueueForm() {
  const dialer = useDialer();
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
    <Form className={styles.addForm} onSubmit={(event) => void add(event)} aria-label="Add a contact to the queue">
      <AriaTextField className={styles.field} value={name} onChange={setName} maxLength={120}>
        <Label className={styles.label}>Contact name</Label>
        <Input className={styles.input} placeholder="Jane Doe" />
      </AriaTextField>
      <AriaTextField className={styles.field} value={formatPhone(phone)} onChange={setPhone} type="tel" maxLength={40}>
        <Label className={styles.label}>Contact phone</Label>
        <Input className={styles.input} placeholder="(555) 123-4567" inputMode="tel" />
      </AriaTextField>
      <Button type="submit" variant="secondary" isPending={dialer.busy.queue}>
        <ListPlus size={16} aria-hidden="true" /> Add to queue
      </Button>
    </Form>
  );
}
