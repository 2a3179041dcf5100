import type { Snapshot } from 'valtio';
import { useMemo } from 'react';
import type { CampaignInsights } from '../../../shared/schemas/insights/campaigns.js';
import { EmptyState } from '../../ui/EmptyState.js';
import page from '../../ui/Page.module.css';
import { ChartCard } from './ChartCard.js';
import { bucketLabel, count, money } from './format.js';

export function CampaignsChart({ data }: { data: Snapshot<CampaignInsights> }) {
  const rows = data.campaigns;
  const labels = useMemo(() => rows.map((r) => r.campaignName), [rows]);
  const series = useMemo(
    () => [
      { label: 'Revenue', values: rows.map((r) => r.revenue), color: '--primary', kind: 'bars' as const },
      { label: 'Commission cost', values: rows.map((r) => r.commissionCost), color: '--accent', kind: 'bars' as const },
    ],
    [rows],
  );
  if (rows.length === 0)
    return (
      <section className={page.card} aria-label="Campaigns">
        <h2 className={page.cardTitle}>Campaigns</h2>
        <EmptyState title="No campaigns found" />
      </section>
    );
  const sum = (key: 'revenue' | 'commissionCost' | 'deals' | 'calls') => rows.reduce((total, r) => total + r[key], 0);
  const headline = `${money(sum('revenue'))} revenue from ${count(sum('deals'))} deals, ${money(sum('commissionCost'))} commission cost, ${count(sum('calls'))} calls`;
  const table = {
    header: [
      'Campaign',
      'Leads imported',
      'Distributed',
      'Worked',
      'Recycled',
      'Calls',
      'Deals',
      'Revenue',
      'Commission cost',
    ],
    rows: rows.map((r) => [
      r.campaignName,
      r.imported,
      r.distributed,
      r.worked,
      r.recycled,
      r.calls,
      r.deals,
      money(r.revenue),
      money(r.commissionCost),
    ]),
  };
  return (
    <ChartCard
      title="Campaigns"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={money}
      tickStep={100}
      table={table}
      fileName="campaigns.csv"
    />
  );
}

export function ActiveAgentsChart({ data }: { data: Snapshot<CampaignInsights> }) {
  const days = data.activeAgents;
  const labels = useMemo(() => days.map((d) => bucketLabel(d.start, 'day')), [days]);
  const series = useMemo(
    () => [{ label: 'Active agents', values: days.map((d) => d.agents), color: '--primary', kind: 'line' as const }],
    [days],
  );
  const peak = days.reduce((top, d) => Math.max(top, d.agents), 0);
  const average = days.length ? days.reduce((t, d) => t + d.agents, 0) / days.length : 0;
  const headline = `${average.toFixed(1)} agents active per day on average, ${peak} at most`;
  const table = { header: ['Day', 'Active agents'], rows: days.map((d, i) => [labels[i], d.agents]) };
  return (
    <ChartCard
      title="Agents active per day"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={count}
      table={table}
      fileName="active-agents.csv"
    />
  );
}
