import { Pause } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { ToggleButton } from 'react-aria-components';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { Button, buttonClass } from '../../ui/Button.js';
import { KEYPAD_KEYS, pressKey, toggleHold, useCallControls } from './call-controls.js';
import styles from './CallControls.module.css';

/**
 * Hold and the keypad of a connected call, where the phone offers them. Hold is a toggle button (its pressed state
 * is the call's `held`, as the server has it); the keypad's keys are buttons, and typing 0-9, * or # while the keypad
 * has focus presses them too.
 */
export function CallControls({
  call,
  hold,
  keypad,
}: {
  call: Pick<CallView, 'id' | 'state' | 'held'>;
  hold: boolean;
  keypad: boolean;
}) {
  const controls = useCallControls();
  const connected = call.state === 'connected';
  const keys = controls.keysCallId === call.id ? controls.keys : '';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!KEYPAD_KEYS.includes(event.key as (typeof KEYPAD_KEYS)[number])) return;
    event.preventDefault();
    pressKey(event.key);
  };
  return (
    <>
      {hold ? (
        <ToggleButton
          className={buttonClass({ variant: 'secondary' })}
          isSelected={Boolean(call.held)}
          onChange={() => void toggleHold()}
          isDisabled={!connected || controls.holdPending}
        >
          <Pause size={16} aria-hidden="true" /> Hold
        </ToggleButton>
      ) : null}
      {keypad && connected ? (
        <div className={styles.keypad}>
          <div role="group" aria-label="Keypad" className={styles.keys} onKeyDown={onKeyDown}>
            {KEYPAD_KEYS.map((key) => (
              <Button key={key} size="sm" variant="secondary" className={styles.key} onPress={() => pressKey(key)}>
                {key}
              </Button>
            ))}
          </div>
          <p className={styles.sent} role="status" aria-label="Keys sent">
            {keys ? `Keys sent: ${keys}` : 'Press a key to send it to the lead'}
          </p>
        </div>
      ) : null}
    </>
  );
}
