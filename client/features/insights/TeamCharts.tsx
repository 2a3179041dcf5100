import type { Snapshot } from 'valtio';
import { useMemo } from 'react';
import type { TeamInsights } from '../../../shared/schemas/insights/team.js';
import { EmptyState } from '../../ui/EmptyState.js';
import page from '../../ui/Page.module.css';
import { ChartCard } from './ChartCard.js';
import { count, money } from './format.js';

const arrow = { rising: 'Rising', falling: 'Falling', steady: 'Steady' } as const;

export function TeamChart({ data }: { data: Snapshot<TeamInsights> }) {
  const levels = data.levels;
  const labels = useMemo(() => levels.map((l) => `Level ${l.level}`), [levels]);
  const series = useMemo(
    () => [
      { label: 'Dials', values: levels.map((l) => l.dials), color: '--focus', kind: 'bars' as const },
      { label: 'Connects', values: levels.map((l) => l.connects), color: '--muted', kind: 'bars' as const },
      { label: 'Deals', values: levels.map((l) => l.deals), color: '--primary', kind: 'bars' as const },
    ],
    [levels],
  );
  if (data.members.length === 0)
    return (
      <section className={page.card} aria-label="Your team">
        <h2 className={page.cardTitle}>Your team</h2>
        <EmptyState title="No one has joined your team yet" />
      </section>
    );
  const rising = data.members.filter((m) => m.trend.direction === 'rising').length;
  const falling = data.members.filter((m) => m.trend.direction === 'falling').length;
  const override = levels.reduce((total, l) => total + l.override, 0);
  const headline = `${data.members.length} members, ${count(levels.reduce((t, l) => t + l.deals, 0))} deals, ${money(override)} override earned; ${rising} rising, ${falling} falling week on week`;
  const table = {
    header: [
      'Member',
      'Level',
      'Dials',
      'Connects',
      'Deals',
      'Override earned',
      'This week deals',
      'Last week deals',
      'Trend',
    ],
    rows: data.members.map((m) => [
      m.name,
      m.level,
      m.dials,
      m.connects,
      m.deals,
      money(m.override),
      m.trend.thisWeek.deals,
      m.trend.lastWeek.deals,
      arrow[m.trend.direction],
    ]),
  };
  return (
    <ChartCard
      title="Your team by level"
      headline={headline}
      labels={labels}
      series={series}
      formatValue={count}
      table={table}
      fileName="team.csv"
    />
  );
}
