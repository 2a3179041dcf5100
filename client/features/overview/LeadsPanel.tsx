import { Mail, Phone } from 'lucide-react';
import { useEffect } from 'react';
import { LEAD_STAGES, type LeadStage } from '../../../shared/constants.js';
import { LeadMessages } from '../../../shared/schemas/leads/lead.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { clearActiveCampaign } from '../campaigns/public.js';
import { formatDate } from '../../ui/format.js';
import { formatPhone } from '../leads/public.js';
import page from '../../ui/Page.module.css';
import { followOverviewLeads, showLeads, showMoreLeads, useOverviewLeads, type StageFilter } from './leads-store.js';
import styles from './Overview.module.css';

const FILTERS = [{ id: 'All', label: 'All' }, ...LEAD_STAGES.map((stage) => ({ id: stage, label: stage }))] as {
  id: StageFilter;
  label: string;
}[];

/** Spec 1 lead badges: New blue, Contacted yellow, Qualified green, anything else neutral. */
const TONES: Partial<Record<LeadStage, BadgeTone>> = { New: 'blue', Contacted: 'yellow', Qualified: 'green' };

export function LeadsPanel({ campaignId, campaignName }: { campaignId: string; campaignName?: string }) {
  const { items, stage, status, nextCursor, campaignId: shownFor, poolEmpty } = useOverviewLeads();

  useEffect(() => followOverviewLeads(), []);
  useEffect(() => {
    void showLeads(campaignId, 'All');
  }, [campaignId]);

  const ready = shownFor === campaignId && status === 'ready';

  return (
    <section className={page.card} aria-labelledby="current-leads-title">
      <div className={page.cardHead}>
        <div>
          <h2 id="current-leads-title" className={page.cardTitle}>
            Your Current Leads
          </h2>
          {campaignName ? <p className={[page.muted, page.small].join(' ')}>{campaignName}</p> : null}
        </div>
        <Button variant="secondary" size="sm" onPress={() => void clearActiveCampaign().catch(() => undefined)}>
          Change Campaign
        </Button>
      </div>
      <FilterGroup
        label="Filter leads by status"
        options={FILTERS}
        value={stage}
        onChange={(next) => void showLeads(campaignId, next)}
      />
      <div className={styles.leads} aria-busy={status === 'loading'}>
        {status === 'failed' ? (
          <EmptyState title="Your leads could not be loaded.">
            <Button variant="ghost" size="sm" onPress={() => void showLeads(campaignId, stage)}>
              Try again
            </Button>
          </EmptyState>
        ) : ready && items.length === 0 ? (
          <EmptyState
            title={
              poolEmpty
                ? LeadMessages.allAssigned(campaignName ?? 'this campaign')
                : 'No leads found matching your filter'
            }
          />
        ) : (
          <ul className={page.list} aria-label="Leads">
            {items.map((lead) => (
              <li key={lead.id} className={page.listItem} data-testid="overview-lead">
                <div>
                  <div className={styles.leadName}>{lead.name}</div>
                  <div className={[page.muted, page.small].join(' ')}>
                    {[lead.company, `Added ${formatDate(lead.createdAt)}`].filter(Boolean).join(' · ')}
                  </div>
                </div>
                <div className={page.row}>
                  {lead.phone ? (
                    <a className={styles.contact} href={`tel:${lead.phone}`}>
                      <Phone size={14} aria-hidden="true" />{' '}
                      <span className="visually-hidden">Call {lead.name} at </span>
                      {formatPhone(lead.phone)}
                    </a>
                  ) : null}
                  {lead.email ? (
                    <a className={styles.contact} href={`mailto:${lead.email}`} aria-label={`E-mail ${lead.name}`}>
                      <Mail size={14} aria-hidden="true" />
                    </a>
                  ) : null}
                  <Badge tone={TONES[lead.stage] ?? 'grey'}>{lead.stage}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
        {ready && nextCursor ? (
          <Button variant="ghost" size="sm" onPress={() => void showMoreLeads().catch(() => undefined)}>
            Show more leads
          </Button>
        ) : null}
      </div>
    </section>
  );
}
