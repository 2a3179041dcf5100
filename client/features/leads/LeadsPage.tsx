import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { LEAD_STAGES, type LeadStage } from '../../../shared/constants.js';
import { Badge } from '../../ui/Badge.js';
import { Button, LinkButton } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { formatDate } from '../../ui/format.js';
import { LeadPanel } from '../lead-management/public.js';
import page from '../../ui/Page.module.css';
import { DISPOSITION_TONES, formatPhone, STAGE_TONES } from './labels.js';
import styles from '../../ui/Leads.module.css';
import {
  closeLeadDetail,
  followLeads,
  openLeadDetail,
  reloadLeadList,
  showLeadList,
  showMoreLeads,
  useLeads,
} from './store.js';

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
  // `?lead={id}` (the header search's results): that lead opens in the details panel and its row is marked.
  const target = new URLSearchParams(useSearch()).get('lead');
  const targetShown = Boolean(target && view.items.some((lead) => lead.id === target));

  useEffect(() => followLeads(), []);
  useEffect(() => {
    void showLeadList('pipeline', stage === 'All' ? {} : { stage });
  }, [stage]);
  useEffect(() => {
    if (target) void openLeadDetail(target);
  }, [target]);
  useEffect(() => closeLeadDetail, []);
  useEffect(() => {
    if (targetShown)
      document
        .querySelector(`[data-testid="pipeline-table"] [data-lead-id="${CSS.escape(target!)}"]`)
        ?.scrollIntoView({ block: 'center' });
  }, [target, targetShown]);

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
              <EmptyState title="Your leads could not be loaded.">
                <Button variant="ghost" size="sm" onPress={() => void reloadLeadList('pipeline')}>
                  Try again
                </Button>
              </EmptyState>
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

/** The leads in one table; the row the address names (`?lead=`) is marked, rows that just arrived stand out. */
function PipelineTable({
  view,
  target,
}: {
  view: ReturnType<typeof useLeads>['views']['pipeline'];
  target: string | null;
}) {
  return (
    <div className={page.tableWrap} aria-busy={view.status === 'loading'}>
      <table className={page.table} data-testid="pipeline-table">
        <caption className="visually-hidden">Leads by stage</caption>
        <thead>
          <tr>
            <th scope="col">Lead</th>
            <th scope="col">Campaign</th>
            <th scope="col">Contact</th>
            <th scope="col">Status</th>
            <th scope="col">Stage</th>
            <th scope="col">Added</th>
          </tr>
        </thead>
        <tbody>
          {view.items.map((lead) => (
            <tr
              key={lead.id}
              data-lead-id={lead.id}
              aria-current={lead.id === target ? 'true' : undefined}
              className={
                [view.fresh.includes(lead.id) ? styles.fresh : '', lead.id === target ? styles.target : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            >
              <th scope="row" className={styles.rowHead}>
                <div className={styles.leadName}>{lead.name}</div>
                {lead.company ? <div className={styles.sub}>{lead.company}</div> : null}
              </th>
              <td>{lead.campaignName}</td>
              <td>
                <div>{formatPhone(lead.phone)}</div>
                <div className={styles.sub}>{lead.email}</div>
              </td>
              <td>
                <Badge tone={DISPOSITION_TONES[lead.disposition] ?? 'grey'}>{lead.disposition}</Badge>
              </td>
              <td data-testid="lead-stage">
                <Badge tone={STAGE_TONES[lead.stage] ?? 'grey'}>{lead.stage}</Badge>
              </td>
              <td>{formatDate(lead.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
