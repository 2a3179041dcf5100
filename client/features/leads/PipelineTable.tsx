import { Badge } from '../../ui/Badge.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { DISPOSITION_TONES, formatPhone, STAGE_TONES } from './labels.js';
import type { useLeads } from './store.js';

/** The leads in one table; the row the address names (`?lead=`) is marked, rows that just arrived stand out. */
export function PipelineTable({
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
