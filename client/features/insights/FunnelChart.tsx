import type { Snapshot } from 'valtio';
import { useMemo } from 'react';
import type { FunnelInsights } from '../../../shared/schemas/insights/agent.js';
import { EmptyState } from '../../ui/EmptyState.js';
import page from '../../ui/Page.module.css';
import { ChartCard } from './ChartCard.js';
import { count, rate } from './format.js';
import styles from './Insights.module.css';

/** A sales user's leads per campaign: assigned, contacted, interested, closed, and the rates between them. */
export function FunnelChart({ data }: { data: Snapshot<FunnelInsights> }) {
  const rows = data.campaigns;
  const labels = useMemo(() => rows.map((r) => r.campaignName), [rows]);
  const series = useMemo(
    () => [
      { label: 'Assigned', values: rows.map((r) => r.assigned), color: '--muted', kind: 'bars' as const },
      { label: 'Contacted', values: rows.map((r) => r.contacted), color: '--focus', kind: 'bars' as const },
      { label: 'Interested', values: rows.map((r) => r.interested), color: '--accent', kind: 'bars' as const },
      { label: 'Closed', values: rows.map((r) => r.closed), color: '--primary', kind: 'bars' as const },
    ],
    [rows],
  );
  if (rows.length === 0)
    return (
      <section className={page.card} aria-label="Lead funnel">
        <h2 className={page.cardTitle}>Lead funnel</h2>
        <EmptyState title="No leads were assigned to you in this period" />
      </section>
    );
  const sum = (key: 'assigned' | 'closed') => rows.reduce((total, r) => total + r[key], 0);
  const headline = `${count(sum('assigned'))} leads assigned, ${count(sum('closed'))} closed`;
  const table = {
    header: [
      'Campaign',
      'Assigned',
      'Contacted',
      'Interested',
      'Closed',
      'Contact rate',
      'Interest rate',
      'Close rate',
    ],
    rows: rows.map((r) => [
      r.campaignName,
      r.assigned,
      r.contacted,
      r.interested,
      r.closed,
      rate(r.contactRate),
      rate(r.interestRate),
      rate(r.closeRate),
    ]),
  };
  return (
    <ChartCard
      title="Lead funnel"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={count}
      table={table}
      fileName="lead-funnel.csv"
    >
      <p className={styles.headline}>
        Conversion: contacted of assigned, interested of contacted, closed of interested.
      </p>
    </ChartCard>
  );
}
