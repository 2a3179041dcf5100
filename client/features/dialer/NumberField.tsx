import { Copy } from 'lucide-react';
import { Input, Label, TextField as AriaTextField } from 'react-aria-components';
import { callName, formatPhone } from '../../../shared/schemas/dialer/messages.js';
import { Button } from '../../ui/Button.js';
import { copyNumber, startCall } from './actions.js';
import { isLive, setNumber, useDialer } from './store.js';
import styles from './Dialer.module.css';

/**
 * The number to call (Enter calls it), its Copy button and whom it belongs to. During a call it shows the call's
 * number, locked, and the name the call is for.
 */
export function NumberField() {
  const dialer = useDialer();
  const call = dialer.call;
  const live = isLive(call);
  const shownNumber = live && call ? call.phone : dialer.number;
  return (
    <>
      <AriaTextField
        className={styles.field}
        value={formatPhone(shownNumber)}
        onChange={setNumber}
        isDisabled={live}
        type="tel"
        autoComplete="off"
      >
        <Label className={styles.label}>Phone number</Label>
        <Input
          className={styles.input}
          placeholder="(555) 123-4567"
          inputMode="tel"
          onKeyDown={(event) => event.key === 'Enter' && void startCall()}
        />
      </AriaTextField>
      <Button
        size="sm"
        variant="ghost"
        className={styles.copy}
        onPress={() => void copyNumber(shownNumber)}
        isDisabled={!shownNumber.trim()}
      >
        <Copy size={14} aria-hidden="true" /> Copy number
      </Button>
      {live && call ? (
        <p className={styles.contact}>{callName(call.name, call.phone) ?? formatPhone(call.phone)}</p>
      ) : dialer.contactName ? (
        <p className={styles.contact}>{dialer.contactName}</p>
      ) : null}
    </>
  );
}
