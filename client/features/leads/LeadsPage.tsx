import { useEffect, useState } from 'react';
import { LEAD_STAGES, type LeadStage } from '../../../shared/constants.js';
import { Button, LinkButton } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { LeadPanel } from '../lead-management/public.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { PipelineTable } from './PipelineTable.js';
import { followLeads, reloadLeadList, showLeadList, showMoreLeads, useLeads } from './store.js';
import { useLinkedLead } from './useLinkedLead.js';

type StageFilter = 'All' | LeadStage;

const FILTERS = [{ id: 'All', label: 'All' }, ...LEAD_STAGES.map((stage) => ({ id: stage, label: stage }))] as {
  id: StageFilter;
  label: string;
}[];

/** /dashboard/leads: every lead the viewer may see, filtered by stage (spec 2), kept current live. */
export default function LeadsPage() {
  const [stage, setStage] = useState<StageFilter>('All');
  const { views, detail } = useLeads();
  const view = views.pipeline;

  useEffect(() => followLeads(), []);
  useEffect(() => {
    void showLeadList('pipeline', stage === 'All' ? {} : { stage });
  }, [stage]);
  const target = useLinkedLead(view.items);

  return (
    <section className={page.page} aria-labelledby="leads-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="leads-title" className={page.title}>
            Leads
          </h1>
          <p className={page.subtitle}>
            Every lead you work, by stage. Statuses set in Lead Management move the stage.
          </p>
        </div>
        <div className={page.row}>
          <LinkButton href="/lead-management" variant="secondary">
            Lead Management
          </LinkButton>
          <LinkButton href="/dashboard/clients" variant="ghost">
            Client Progress
          </LinkButton>
        </div>
      </div>
      <div className={[styles.layout, detail ? styles.withAside : ''].join(' ')}>
        <div className={page.card}>
          <div className={page.stack}>
            <FilterGroup label="Filter leads by stage" options={FILTERS} value={stage} onChange={setStage} />
            {view.status === 'failed' ? (
              <LoadFailed title="Your leads could not be loaded." onRetry={() => void reloadLeadList('pipeline')} />
            ) : view.status === 'ready' && view.items.length === 0 ? (
              <EmptyState title="No leads found matching your filter" />
            ) : view.items.length === 0 ? (
              <p className={page.muted} role="status">
                Loading...
              </p>
            ) : (
              <PipelineTable view={view} target={target} />
            )}
            {view.status === 'ready' && view.nextCursor ? (
              <Button variant="ghost" size="sm" onPress={() => void showMoreLeads('pipeline').catch(() => undefined)}>
                Show more leads
              </Button>
            ) : null}
          </div>
        </div>
        {detail ? <LeadPanel /> : null}
      </div>
    </section>
  );
}
