import { useEffect, useMemo } from 'react';
import { PageStatus } from '../../app/PageStatus.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import page from '../../ui/Page.module.css';
import { useSession } from '../session/public.js';
import { CallsChart, HoursChart } from './CallCharts.js';
import { ActiveAgentsChart, CampaignsChart } from './CampaignCharts.js';
import { EarningsChart } from './EarningsChart.js';
import { FunnelChart } from './FunnelChart.js';
import { queryFor, useInsightFilters } from './filters.js';
import { InsightsFilters } from './InsightsFilters.js';
import { followInsights, loadInsights, useInsights, type InsightArea } from './store.js';
import { ObjectionInsights } from '../rebuttals/public.js';
import { TeamChart } from './TeamCharts.js';
import styles from './Insights.module.css';

const SALES_AREAS: InsightArea[] = ['earnings', 'calls', 'funnel', 'team'];
const OWNER_AREAS: InsightArea[] = ['campaigns'];

/** `/dashboard/insights`: each role's daily questions as charts, from the real ledger, calls and leads, kept live. */
export default function InsightsPage() {
  const { user } = useSession();
  const [filters, setFilters] = useInsightFilters();
  const state = useInsights();
  const areas = user?.role === 'owner' || user?.role === 'admin' ? OWNER_AREAS : SALES_AREAS;
  const query = useMemo(() => queryFor(filters), [filters]);
  useEffect(() => followInsights(), []);
  useEffect(() => {
    if (query) void loadInsights(query, areas);
  }, [query, areas]);

  return (
    <section className={page.page} aria-labelledby="insights-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="insights-title" className={page.title}>
            Insights
          </h1>
          <p className={page.subtitle}>
            {areas === OWNER_AREAS
              ? 'Leads, calls, deals and cost per campaign.'
              : 'Your earnings, calls, leads and team at a glance.'}
          </p>
        </div>
      </div>
      <InsightsFilters filters={filters} onChange={setFilters} />
      {!query ? (
        <EmptyState title="Choose a start and an end date" />
      ) : state.error ? (
        <LoadFailed title={state.error} onRetry={() => void loadInsights(query, areas)} />
      ) : (
        <>
          <Charts />
          <ObjectionInsights query={query} />
        </>
      )}
    </section>
  );
}

function Charts() {
  const { earnings, calls, funnel, team, campaigns, loading } = useInsights();
  if (!earnings && !campaigns && loading) return <PageStatus />;
  return (
    <div className={styles.charts}>
      {earnings ? <EarningsChart data={earnings} /> : null}
      {calls ? <CallsChart data={calls} /> : null}
      {calls ? <HoursChart data={calls} /> : null}
      {funnel ? <FunnelChart data={funnel} /> : null}
      {team ? <TeamChart data={team} /> : null}
      {campaigns ? <CampaignsChart data={campaigns} /> : null}
      {campaigns ? <ActiveAgentsChart data={campaigns} /> : null}
    </div>
  );
}
