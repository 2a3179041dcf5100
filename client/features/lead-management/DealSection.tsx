import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { ShareClosedLeadWin } from '../community/public.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { CloseDealForm } from './CloseDealForm.js';
import { DealRecord } from './DealRecord.js';
import { useLeadDeal } from './deal-view.js';

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
