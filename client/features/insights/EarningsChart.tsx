import type { Snapshot } from 'valtio';
import { useMemo } from 'react';
import type { EarningsInsights } from '../../../shared/schemas/insights/agent.js';
import page from '../../ui/Page.module.css';
import { ChartCard } from './ChartCard.js';
import { bucketLabel, money } from './format.js';

/** A sales user's earnings per period (own, overrides, clawbacks) with the pending/approved/paid/projected figures. */
export function EarningsChart({ data }: { data: Snapshot<EarningsInsights> }) {
  const { buckets, totals, projected, range } = data;
  const labels = useMemo(() => buckets.map((b) => bucketLabel(b.start, range.bucket)), [buckets, range.bucket]);
  const series = useMemo(
    () => [
      { label: 'Own commission', values: buckets.map((b) => b.own), color: '--primary', kind: 'bars' as const },
      {
        label: 'Overrides',
        values: buckets.map((b) => b.level1 + b.level2 + b.level3),
        color: '--focus',
        kind: 'bars' as const,
      },
      { label: 'Clawbacks', values: buckets.map((b) => b.clawbacks), color: '--danger', kind: 'bars' as const },
    ],
    [buckets],
  );
  const table = {
    header: [
      'Period',
      'Own',
      'Override L1',
      'Override L2',
      'Override L3',
      'Clawbacks',
      'Total',
      'Pending',
      'Approved',
      'Paid',
    ],
    rows: buckets.map((b, i) => [
      labels[i],
      ...[b.own, b.level1, b.level2, b.level3, b.clawbacks, b.total, b.pending, b.approved, b.paid].map(money),
    ]),
  };
  const headline = `${money(totals.total)} earned, ${money(totals.pending)} pending, ${money(totals.approved)} approved, ${money(totals.paid)} paid; ${money(projected.own + projected.overrides)} projected from open leads`;
  return (
    <ChartCard
      title="Earnings over time"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={money}
      tickStep={100}
      table={table}
      fileName="earnings.csv"
    >
      <div className={page.stats} role="group" aria-label="Earnings by status">
        <Figure label="Pending" value={money(totals.pending)} />
        <Figure label="Approved" value={money(totals.approved)} />
        <Figure label="Paid" value={money(totals.paid)} />
        <Figure
          label={`Projected (${projected.openLeads} open leads)`}
          value={money(projected.own + projected.overrides)}
        />
      </div>
    </ChartCard>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={page.stat}>
      <span className={page.statLabel}>{label}</span>
      <span className={page.statValue}>{value}</span>
    </div>
  );
}
