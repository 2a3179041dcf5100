import { ArrowRightLeft, PhoneIncoming, PhoneOff } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { TRANSFER_NOTE_MAX } from '../../../shared/schemas/dialer/transfer.js';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import { Button } from '../../ui/Button.js';
import styles from './Dialer.module.css';
import {
  answerTransfer,
  closeTransferPicker,
  completeDeskTransfer,
  completeTransfer,
  followTransfers,
  openTransferPicker,
  ringCloser,
  ringDesk,
  transferStore,
} from './transfer.js';

/**
 * The opener's side, under a connected call to a lead: "Transfer to a closer" lists the campaign's available agents
 * live; ringing one shows where the offer stands; in a warm conference "Complete transfer" leaves the closer with the
 * lead.
 */
export function TransferControls({ call }: { call: Pick<CallView, 'id' | 'state' | 'leadId'> }) {
  const transfer = useSnapshot(transferStore);
  const listId = useId();
  useEffect(() => followTransfers(), []);
  if (call.state !== 'connected' || !call.leadId) return null;
  const outgoing = transfer.outgoing?.callId === call.id ? transfer.outgoing : null;
  const outgoingDesk = transfer.outgoingDesk?.callId === call.id ? transfer.outgoingDesk : null;

  if (outgoingDesk)
    return (
      <div className={styles.transfer} role="status" aria-label="Transfer">
        <p className={styles.small}>{outgoingDesk.message}</p>
        <Button size="sm" onPress={() => void completeDeskTransfer()} isPending={transfer.busy}>
          <ArrowRightLeft size={14} aria-hidden="true" /> Complete transfer
        </Button>
      </div>
    );

  if (outgoing)
    return (
      <div className={styles.transfer} role="status" aria-label="Transfer">
        <p className={styles.small}>{outgoing.message}</p>
        {outgoing.state === 'conference' ? (
          <Button size="sm" onPress={() => void completeTransfer()} isPending={transfer.busy}>
            <ArrowRightLeft size={14} aria-hidden="true" /> Complete transfer
          </Button>
        ) : null}
      </div>
    );

  if (transfer.pickerFor !== call.id)
    return (
      <Button size="sm" variant="secondary" onPress={() => openTransferPicker(call.id)}>
        <ArrowRightLeft size={14} aria-hidden="true" /> Transfer to a closer
      </Button>
    );

  return (
    <div className={styles.transfer} role="region" aria-label="Transfer to a closer">
      <div className={styles.row} role="radiogroup" aria-label="Transfer type">
        {(['warm', 'blind'] as const).map((mode) => (
          <label key={mode} className={styles.small}>
            <input
              type="radio"
              name={`transfer-mode-${call.id}`}
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
        onTransfer={(id) => void ringCloser(call.id, id)}
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
            onTransfer={(id) => void ringDesk(call.id, id)}
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

/** The closer's side: the ringing card with the lead's card and the opener's note; in a warm conference, where it stands. */
export function IncomingTransfer() {
  const transfer = useSnapshot(transferStore);
  useEffect(() => followTransfers(), []);
  const incoming = transfer.incoming;
  if (!incoming) return null;
  const ringing = incoming.state === 'pending';
  return (
    <div className={styles.transfer} role={ringing ? 'alertdialog' : 'status'} aria-label="Incoming transfer">
      <p className={styles.contact}>
        <PhoneIncoming size={16} aria-hidden="true" />{' '}
        {ringing
          ? `${incoming.opener.name} is transferring ${incoming.lead.name} to you (${incoming.mode})`
          : `On the call with ${incoming.opener.name} and ${incoming.lead.name}: ${incoming.opener.name} completes the transfer.`}
      </p>
      <p className={styles.small}>{formatPhone(incoming.lead.phone)}</p>
      {incoming.note ? <p className={styles.small}>Note: {incoming.note}</p> : null}
      {incoming.lead.notes ? <p className={styles.small}>Notes so far: {incoming.lead.notes}</p> : null}
      {ringing ? (
        <div className={styles.row}>
          <Button size="sm" onPress={() => void answerTransfer(true)} isPending={transfer.busy}>
            <PhoneIncoming size={14} aria-hidden="true" /> Accept
          </Button>
          <Button size="sm" variant="danger" onPress={() => void answerTransfer(false)} isDisabled={transfer.busy}>
            <PhoneOff size={14} aria-hidden="true" /> Decline
          </Button>
        </div>
      ) : null}
    </div>
  );
}
