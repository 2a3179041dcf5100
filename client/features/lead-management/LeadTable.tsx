import { Info, Mail, Phone } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { useLocation } from 'wouter';
import { LeadMessages } from '../../../shared/schemas/leads/lead.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FitTable } from '../../ui/FitTable.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { formatPhone } from '../leads/public.js';
import styles from '../../ui/Leads.module.css';
import { openLeadDetail, reloadLeadList, showMoreLeads, useLeads } from '../leads/public.js';
import { callLead } from './call.js';
import { DispositionSelect } from './DispositionSelect.js';

/** Lead Management's table (spec 2 columns): Lead, Type, Contact, Assigned, Last Contact, Status, Actions. */
export function LeadTable({ onCall, campaignName }: { onCall: () => void; campaignName?: string }) {
  const { views } = useLeads();
  const view = views.management;
  const [, navigate] = useLocation();

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
              <tr
                key={lead.id}
                className={view.fresh.includes(lead.id) ? styles.fresh : undefined}
                data-lead-id={lead.id}
              >
                <th scope="row" className={styles.rowHead}>
                  <div className={styles.leadName}>{lead.name}</div>
                  <div className={styles.sub}>{[lead.company, lead.source].filter(Boolean).join(' · ')}</div>
                </th>
                <td>{lead.leadType}</td>
                <td>
                  <div>{formatPhone(lead.phone)}</div>
                  <div className={styles.sub}>{lead.email}</div>
                </td>
                <td>
                  {lead.assignedTo ? (
                    <>
                      <div>{lead.assignedToName ?? 'Assigned'}</div>
                      {lead.assignedAt ? <div className={styles.sub}>{formatDate(lead.assignedAt)}</div> : null}
                    </>
                  ) : (
                    'Unassigned'
                  )}
                </td>
                <td>{lead.lastContactAt ? formatDate(lead.lastContactAt) : 'Never'}</td>
                <td>
                  <DispositionSelect lead={lead} aria-label={`Status of ${lead.name}`} />
                </td>
                <td>
                  <div className={styles.actions}>
                    <AriaButton
                      className={styles.iconButton}
                      aria-label={`Call ${lead.name}`}
                      isDisabled={!lead.phone}
                      onPress={() => void callLead(lead, onCall, navigate)}
                    >
                      <Phone size={15} aria-hidden="true" />
                    </AriaButton>
                    {lead.email ? (
                      <a className={styles.iconButton} href={`mailto:${lead.email}`} aria-label={`E-mail ${lead.name}`}>
                        <Mail size={15} aria-hidden="true" />
                      </a>
                    ) : (
                      <AriaButton
                        className={styles.iconButton}
                        aria-label={`E-mail ${lead.name} (no address)`}
                        isDisabled
                      >
                        <Mail size={15} aria-hidden="true" />
                      </AriaButton>
                    )}
                    <AriaButton
                      className={styles.iconButton}
                      aria-label={`Details of ${lead.name}`}
                      onPress={() => void openLeadDetail(lead.id)}
                    >
                      <Info size={15} aria-hidden="true" />
                    </AriaButton>
                  </div>
                </td>
              </tr>
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
