import { ArrowRightLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { Button } from '../../ui/Button.js';
import styles from './Dialer.module.css';
import {
  completeDeskTransfer,
  completeTransfer,
  followTransfers,
  openTransferPicker,
  transferStore,
} from './transfer.js';
import { TransferPicker } from './TransferPicker.js';

/**
 * The opener's side, under a connected call to a lead: "Transfer to a closer" lists the campaign's available agents
 * live; ringing one shows where the offer stands; in a warm conference "Complete transfer" leaves the closer with the
 * lead.
 */
export function TransferControls({ call }: { call: Pick<CallView, 'id' | 'state' | 'leadId'> }) {
  const transfer = useSnapshot(transferStore);
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

  return <TransferPicker callId={call.id} />;
}
