import { PhoneIncoming, PhoneOff } from 'lucide-react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatPhone } from '../../../shared/schemas/dialer/messages.js';
import { Button } from '../../ui/Button.js';
import styles from './Dialer.module.css';
import { answerTransfer, followTransfers, transferStore } from './transfer.js';

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
