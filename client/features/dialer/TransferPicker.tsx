import { useId } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { TRANSFER_NOTE_MAX } from '../../../shared/schemas/dialer/transfer.js';
import { Button } from '../../ui/Button.js';
import styles from './Dialer.module.css';
import { closeTransferPicker, ringCloser, ringDesk, transferStore } from './transfer.js';

/** The open "Transfer to a closer": warm or blind, a note for the closer, the available closers (live) and the
 * campaign's closing desks, each with its Transfer button. */
export function TransferPicker({ callId }: { callId: string }) {
  const transfer = useSnapshot(transferStore);
  const listId = useId();
  return (
    <div className={styles.transfer} role="region" aria-label="Transfer to a closer">
      <div className={styles.row} role="radiogroup" aria-label="Transfer type">
        {(['warm', 'blind'] as const).map((mode) => (
          <label key={mode} className={styles.small}>
            <input
              type="radio"
              name={`transfer-mode-${callId}`}
              checked={transfer.mode === mode}
              onChange={() => (transferStore.mode = mode)}
            />{' '}
            {mode === 'warm' ? 'Warm (talk to the closer first)' : 'Blind (hand over on answer)'}
          </label>
        ))}
      </div>
      <AriaTextField
        className={styles.field}
        value={transfer.note}
        onChange={(note) => (transferStore.note = note)}
        maxLength={TRANSFER_NOTE_MAX}
      >
        <Label className={styles.label}>Note for the closer</Label>
        <TextArea className={styles.textarea} placeholder="What the lead wants" />
      </AriaTextField>
      <p id={listId} className={styles.small}>
        {transfer.loadingClosers && transfer.closers.length === 0
          ? 'Looking for available closers...'
          : transfer.closers.length === 0
            ? 'No closer of this campaign is available right now.'
            : 'Available closers'}
      </p>
      <TransferTargets
        labelledBy={listId}
        targets={transfer.closers}
        busy={transfer.busy}
        onTransfer={(id) => void ringCloser(callId, id)}
      />
      {transfer.desks.length > 0 ? (
        <>
          <p id={`${listId}-desks`} className={styles.small}>
            Closing desks
          </p>
          <TransferTargets
            labelledBy={`${listId}-desks`}
            targets={transfer.desks}
            busy={transfer.busy}
            onTransfer={(id) => void ringDesk(callId, id)}
          />
        </>
      ) : null}
      <Button size="sm" variant="ghost" onPress={closeTransferPicker}>
        Cancel
      </Button>
    </div>
  );
}

/** One list of whom the call can go to (available closers, the campaign's closing desks), a Transfer button each. */
function TransferTargets({
  labelledBy,
  targets,
  busy,
  onTransfer,
}: {
  labelledBy: string;
  targets: ReadonlyArray<{ id: string; name: string }>;
  busy: boolean;
  onTransfer: (id: string) => void;
}) {
  return (
    <ul className={styles.pickerList} aria-labelledby={labelledBy}>
      {targets.map((target) => (
        <li key={target.id} className={styles.queueItem}>
          <span className={styles.queueName}>{target.name}</span>
          <Button
            size="sm"
            onPress={() => onTransfer(target.id)}
            isPending={busy}
            aria-label={`Transfer to ${target.name}`}
          >
            Transfer
          </Button>
        </li>
      ))}
    </ul>
  );
}
