import { useId, useState } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { DealMessages } from '../../../shared/schemas/deals/close.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { api } from '../../api/client.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import fieldStyles from '../../ui/Field.module.css';
import { toast } from '../../ui/toast.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import type { Deal } from './DealRecord.js';

type Outcome = 'cancelled' | 'refunded';

/** "Cancel or refund deal" and its dialog: what happened and why; unpaid commissions are voided, paid ones clawed back. */
export function CancelDeal({ lead, deal, onDone }: { lead: LeadItem; deal: Deal; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('refunded');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const outcomeField = useId();

  async function confirm() {
    if (!note.trim()) return setError(DealMessages.cancelReasonMissing);
    setError(undefined);
    setBusy(true);
    try {
      const done = await api(`/api/deals/${deal.id}/cancel`, { body: { reason: outcome, note: note.trim() } });
      toast({
        title: DealMessages.cancelledTitle(outcome),
        description: `${lead.name}: ${formatCents(done.value)}. Unpaid commissions are voided; paid ones are clawed back from the next payout.`,
        variant: 'success',
      });
      setOpen(false);
      onDone();
    } catch {
      // api() showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="danger" size="sm" onPress={() => setOpen(true)}>
        Cancel or refund deal
      </Button>
      <Dialog
        title={`Cancel or refund the ${formatCents(deal.value)} deal with ${lead.name}?`}
        isOpen={open}
        onOpenChange={setOpen}
      >
        <div className={page.stack}>
          <p>
            Commissions not paid yet are voided. Commissions already paid are clawed back: the agents see a negative
            line now, deducted from their next payout.
          </p>
          <div className={fieldStyles.field}>
            <label htmlFor={outcomeField} className={fieldStyles.label}>
              What happened
            </label>
            <select
              id={outcomeField}
              className={styles.statusSelect}
              value={outcome}
              onChange={(event) => setOutcome(event.target.value as Outcome)}
            >
              <option value="refunded">The client was refunded</option>
              <option value="cancelled">The deal was cancelled</option>
            </select>
          </div>
          <AriaTextField
            className={fieldStyles.field}
            value={note}
            onChange={setNote}
            maxLength={500}
            isRequired
            isInvalid={Boolean(error)}
            validationBehavior="aria"
          >
            <Label className={fieldStyles.label}>Reason</Label>
            <TextArea className={page.textarea} />
            {error ? <span className={page.error}>{error}</span> : null}
          </AriaTextField>
          <div className={page.row}>
            <Button variant="danger" onPress={() => void confirm()} isDisabled={busy}>
              {outcome === 'refunded' ? 'Refund deal' : 'Cancel deal'}
            </Button>
            <Button variant="ghost" onPress={() => setOpen(false)}>
              Keep the deal
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
