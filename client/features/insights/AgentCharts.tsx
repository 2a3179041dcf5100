import type { Snapshot } from 'valtio';
import { useMemo } from 'react';
import type { CallsInsights, EarningsInsights, FunnelInsights } from '../../../shared/schemas/insights/agent.js';
import { EmptyState } from '../../ui/EmptyState.js';
import page from '../../ui/Page.module.css';
import { ChartCard } from './ChartCard.js';
import { bucketLabel, count, hourLabel, money, rate, talkTime } from './format.js';
import styles from './Insights.module.css';

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

export function CallsChart({ data }: { data: Snapshot<CallsInsights> }) {
  const { buckets, totals, range } = data;
  const labels = useMemo(() => buckets.map((b) => bucketLabel(b.start, range.bucket)), [buckets, range.bucket]);
  const series = useMemo(
    () => [
      { label: 'Dials', values: buckets.map((b) => b.dials), color: '--focus', kind: 'bars' as const },
      { label: 'Connects', values: buckets.map((b) => b.connects), color: '--primary', kind: 'bars' as const },
    ],
    [buckets],
  );
  const table = {
    header: ['Period', 'Dials', 'Connects', 'Talk time', 'Connect rate'],
    rows: buckets.map((b, i) => [labels[i], b.dials, b.connects, talkTime(b.talkSeconds), rate(b.connectRate)]),
  };
  const headline = `${count(totals.dials)} dials, ${count(totals.connects)} connects (${rate(totals.connectRate)}), ${talkTime(totals.talkSeconds)} talk time`;
  return (
    <ChartCard
      title="Calls per day"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={count}
      table={table}
      fileName="calls.csv"
    />
  );
}

export function HoursChart({ data }: { data: Snapshot<CallsInsights> }) {
  const labels = useMemo(() => data.byHour.map((h) => hourLabel(h.hour)), [data.byHour]);
  const series = useMemo(
    () => [
      { label: 'Dials', values: data.byHour.map((h) => h.dials), color: '--focus', kind: 'bars' as const },
      { label: 'Connects', values: data.byHour.map((h) => h.connects), color: '--primary', kind: 'bars' as const },
    ],
    [data.byHour],
  );
  const best = data.byHour.reduce((top, h) => (h.connects > top.connects ? h : top), data.byHour[0]);
  const headline =
    best && best.connects > 0
      ? `Most connects at ${hourLabel(best.hour)} (${best.connects} of ${data.totals.connects})`
      : 'No connected calls in this period';
  const table = {
    header: ['Hour', 'Dials', 'Connects'],
    rows: data.byHour.map((h) => [hourLabel(h.hour), h.dials, h.connects]),
  };
  return (
    <ChartCard
      title="Calls by hour of day"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={count}
      table={table}
      fileName="calls-by-hour.csv"
    />
  );
}

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
