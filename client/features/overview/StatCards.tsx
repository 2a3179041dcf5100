import { Briefcase, DollarSign, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEarnings } from '../earnings/public.js';
import { formatCents, formatPercent } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { StatCard } from '../../ui/StatCard.js';

function Card({ label, icon, value, note }: { label: string; icon: ReactNode; value: string; note?: string }) {
  return (
    <StatCard label={label} icon={icon} value={value}>
      {note ? <span className={[page.muted, page.small].join(' ')}>{note}</span> : null}
    </StatCard>
  );
}

/** The four overview cards from GET /api/me/stats; monthly earnings follow `earnings:updated`. */
export function StatCards() {
  const { stats } = useEarnings();
  const blank = '—';
  return (
    <section className={page.stats} aria-label="Your figures" aria-busy={!stats}>
      <Card
        label="Monthly Earnings"
        icon={<DollarSign size={18} aria-hidden="true" />}
        value={stats ? formatCents(stats.monthlyEarnings) : blank}
        note="This month"
      />
      <Card
        label="Deals Closed"
        icon={<Briefcase size={18} aria-hidden="true" />}
        value={stats ? String(stats.dealsClosed) : blank}
        note={stats ? `${formatPercent(stats.conversionRate)} conversion rate` : undefined}
      />
      <Card
        label="Avg Deal Size"
        icon={<TrendingUp size={18} aria-hidden="true" />}
        value={stats ? formatCents(stats.avgDealSize) : blank}
      />
      <Card
        label="Downline Agents"
        icon={<Users size={18} aria-hidden="true" />}
        value={stats ? String(stats.downlineAgents) : blank}
        note="Levels 1-3 of your Bonsai"
      />
    </section>
  );
}
