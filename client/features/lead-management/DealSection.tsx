import { useId, useState } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { DealMessages } from '../../../shared/schemas/deals/close.js';
import type { DealLineItem, LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { api } from '../../api/client.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import fieldStyles from '../../ui/Field.module.css';
import { toast } from '../../ui/toast.js';
import { ShareClosedLeadWin } from '../community/public.js';
import { formatCents, formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { CloseDealForm } from './CloseDealForm.js';
import { useLeadDeal } from './deal-view.js';

type Deal = NonNullable<LeadDealView['deal']>;
type Outcome = 'cancelled' | 'refunded';

const DEAL_TONES: Record<Deal['status'], BadgeTone> = { closed: 'green', cancelled: 'grey', refunded: 'yellow' };
const DEAL_LABELS: Record<Deal['status'], string> = { closed: 'Closed', cancelled: 'Cancelled', refunded: 'Refunded' };
const LINE_TONES: Record<DealLineItem['status'], BadgeTone> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'green',
  void: 'grey',
};

function lineLabel(line: DealLineItem): string {
  if (line.kind === 'override') return `Override level ${line.level}`;
  return { opener: 'Opener', closer: 'Closer', fullStack: 'Full stack', clawback: 'Clawback' }[line.kind];
}

/** The lead's deal: closing one (with its opener and split), or the deal on record, its commission lines, and for
 * the campaign's owner and admins, cancelling or refunding it. */
export function DealSection({ lead }: { lead: LeadItem }) {
  const closed = lead.stage === 'Closed';
  const { view, failed, reload } = useLeadDeal(lead.id, lead.updatedAt, closed);
  const deal = view?.deal;

  return (
    <section className={styles.section} aria-labelledby={`deal-${lead.id}`}>
      <h3 id={`deal-${lead.id}`}>{deal ? 'Deal' : 'Close a deal'}</h3>
      {failed && !view ? <p className={page.error}>The deal could not be loaded.</p> : null}
      {!view ? null : deal ? (
        <DealRecord lead={lead} deal={deal} view={view} onChanged={reload} />
      ) : closed ? (
        <ShareClosedLeadWin leadId={lead.id} campaignName={lead.campaignName} />
      ) : (
        <CloseDealForm lead={lead} view={view} onClosed={reload} />
      )}
    </section>
  );
}

function DealRecord({
  lead,
  deal,
  view,
  onChanged,
}: {
  lead: LeadItem;
  deal: Deal;
  view: LeadDealView;
  onChanged: () => void;
}) {
  return (
    <div className={page.stack} data-testid="lead-deal">
      <div className={page.row}>
        <strong>{formatCents(deal.value)}</strong>
        <Badge tone={DEAL_TONES[deal.status]}>{DEAL_LABELS[deal.status]}</Badge>
        <span className={styles.sub}>closed {formatDate(deal.closedAt)}</span>
      </div>
      <dl className={styles.facts}>
        <dt>Opener</dt>
        <dd>{deal.opener.name}</dd>
        <dt>Closer</dt>
        <dd>{deal.closer.name}</dd>
        {deal.cancelledAt ? (
          <>
            <dt>{DEAL_LABELS[deal.status]}</dt>
            <dd>
              {formatDate(deal.cancelledAt)}
              {deal.cancelNote ? `: ${deal.cancelNote}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {view.lines.length > 0 ? (
        <ul className={styles.history} aria-label="Commission lines of this deal">
          {view.lines.map((line) => (
            <li key={line.id}>
              <div className={page.row}>
                <span>
                  {line.userName} · {lineLabel(line)} · <strong>{formatCents(line.amount)}</strong>
                </span>
                <Badge tone={LINE_TONES[line.status]}>{line.status}</Badge>
              </div>
              <div className={styles.sub}>{line.text}</div>
            </li>
          ))}
        </ul>
      ) : deal.status === 'closed' ? (
        <p className={page.muted}>The commission lines are being written...</p>
      ) : null}
      {deal.status === 'closed' ? <ShareClosedLeadWin leadId={lead.id} campaignName={lead.campaignName} /> : null}
      {view.canCancel ? <CancelDeal lead={lead} deal={deal} onDone={onChanged} /> : null}
    </div>
  );
}

function CancelDeal({ lead, deal, onDone }: { lead: LeadItem; deal: Deal; onDone: () => void }) {
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
