import type { DealLineItem, LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { ShareClosedLeadWin } from '../community/public.js';
import { formatCents, formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { CancelDeal } from './CancelDeal.js';

/** The deal on record for a lead. */
export type Deal = NonNullable<LeadDealView['deal']>;

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

/** The deal on record: value, status, opener and closer, its commission lines, Share this win, and for the campaign's
 * owner and admins, Cancel or refund. */
export function DealRecord({
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
