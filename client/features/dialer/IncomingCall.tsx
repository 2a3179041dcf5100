import { PhoneIncoming, PhoneOff } from 'lucide-react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { InboundMessages } from '../../../shared/schemas/dialer/inbound.js';
import { Button } from '../../ui/Button.js';
import styles from './Dialer.module.css';
import { answerInbound, followInbound, inboundStore } from './inbound.js';

/** A lead calling back: the ringing card with the lead's card, Answer / Decline. */
export function IncomingCall() {
  const inbound = useSnapshot(inboundStore);
  useEffect(() => followInbound(), []);
  const ringing = inbound.ringing;
  if (!ringing) return null;
  return (
    <div className={styles.transfer} role="alertdialog" aria-label="Incoming call">
      <p className={styles.contact}>
        <PhoneIncoming size={16} aria-hidden="true" /> {InboundMessages.incoming(ringing.lead.name)}
      </p>
      <p className={styles.small}>
        {ringing.lead.phone} · {ringing.campaignName}
      </p>
      {ringing.lead.notes ? <p className={styles.small}>Notes so far: {ringing.lead.notes}</p> : null}
      <div className={styles.row}>
        <Button size="sm" onPress={() => void answerInbound(true)} isPending={inbound.busy}>
          <PhoneIncoming size={14} aria-hidden="true" /> Answer
        </Button>
        <Button size="sm" variant="danger" onPress={() => void answerInbound(false)} isDisabled={inbound.busy}>
          <PhoneOff size={14} aria-hidden="true" /> Decline
        </Button>
      </div>
    </div>
  );
}
