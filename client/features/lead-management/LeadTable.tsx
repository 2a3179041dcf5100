import { LeadMessages } from '../../../shared/schemas/leads/lead.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FitTable } from '../../ui/FitTable.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { reloadLeadList, showMoreLeads, useLeads } from '../leads/public.js';
import { LeadRow } from './LeadRow.js';

/** Lead Management's table (spec 2 columns): Lead, Type, Contact, Assigned, Last Contact, Status, Actions. */
export function LeadTable({ onCall, campaignName }: { onCall: () => void; campaignName?: string }) {
  const { views } = useLeads();
  const view = views.management;

  if (view.status === 'failed')
    return (
      <EmptyState title="Your leads could not be loaded.">
        <Button variant="ghost" size="sm" onPress={() => void reloadLeadList('management')}>
          Try again
        </Button>
      </EmptyState>
    );
  if (view.status === 'ready' && view.items.length === 0)
    return (
      <EmptyState
        title={view.poolEmpty && campaignName ? LeadMessages.allAssigned(campaignName) : LeadMessages.emptyList}
      />
    );
  if (view.items.length === 0)
    return (
      <p className={page.muted} role="status">
        Loading...
      </p>
    );

  return (
    <div className={page.stack} aria-busy={view.status === 'loading'}>
      <FitTable>
        <table className={[page.table, styles.wideTable].join(' ')} data-testid="lead-table">
          <caption className="visually-hidden">Leads</caption>
          <thead>
            <tr>
              <th scope="col">Lead</th>
              <th scope="col">Type</th>
              <th scope="col">Contact</th>
              <th scope="col">Assigned</th>
              <th scope="col">Last Contact</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((lead) => (
              <LeadRow key={lead.id} lead={lead} fresh={view.fresh.includes(lead.id)} onCall={onCall} />
            ))}
          </tbody>
        </table>
      </FitTable>
      {view.status === 'ready' && view.nextCursor ? (
        <Button variant="ghost" size="sm" onPress={() => void showMoreLeads('management').catch(() => undefined)}>
          Show more leads
        </Button>
      ) : null}
    </div>
  );
}
