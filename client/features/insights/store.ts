import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { CallsInsights, EarningsInsights, FunnelInsights } from '../../../shared/schemas/insights/agent.js';
import type { CampaignInsights } from '../../../shared/schemas/insights/campaigns.js';
import type { TeamInsights } from '../../../shared/schemas/insights/team.js';
import { api } from '../../api/client.js';
import { onLive, onLiveResync } from '../../live/socket.js';

export type InsightArea = 'earnings' | 'calls' | 'funnel' | 'team' | 'campaigns';

interface InsightsState {
  earnings: EarningsInsights | null;
  calls: CallsInsights | null;
  funnel: FunnelInsights | null;
  team: TeamInsights | null;
  campaigns: CampaignInsights | null;
  /** The first load of the current filters is under way. */
  loading: boolean;
  /** Why the current filters could not be loaded (the API's message). */
  error: string | null;
}

export const insights = proxy<InsightsState>({
  earnings: null,
  calls: null,
  funnel: null,
  team: null,
  campaigns: null,
  loading: false,
  error: null,
});
export const useInsights = () => useSnapshot(insights);

let current: { query: string; areas: InsightArea[] } | null = null;
const pending = new Set<InsightArea>();
let timer: ReturnType<typeof setTimeout> | undefined;

// Each area's answer type comes from its route, so a route answering the wrong shape does not compile.
const readers: { [A in InsightArea]: (query: string) => Promise<InsightsState[A]> } = {
  earnings: (query) => api(`/api/insights/earnings?${query}`, { quiet: true }),
  calls: (query) => api(`/api/insights/calls?${query}`, { quiet: true }),
  funnel: (query) => api(`/api/insights/funnel?${query}`, { quiet: true }),
  team: (query) => api(`/api/insights/team?${query}`, { quiet: true }),
  campaigns: (query) => api(`/api/insights/campaigns?${query}`, { quiet: true }),
};

async function fetchArea<A extends InsightArea>(area: A, query: string): Promise<void> {
  const data = await readers[area](query);
  // Filters changed while this was on its way: its figures belong to another period.
  if (current?.query === query) insights[area] = data;
}

export async function loadInsights(query: string, areas: InsightArea[]): Promise<void> {
  current = { query, areas };
  Object.assign(insights, { loading: true, error: null });
  try {
    await Promise.all(areas.map((area) => fetchArea(area, query)));
  } catch (error) {
    if (current?.query === query)
      insights.error = error instanceof Error ? error.message : 'Something went wrong. Please try again later.';
  } finally {
    if (current?.query === query) insights.loading = false;
  }
}

/** Several events in a burst (a deal writes lines for a whole chain) make one re-read per chart area. */
function refresh(areas: InsightArea[]): void {
  for (const area of areas) if (current?.areas.includes(area)) pending.add(area);
  if (timer || pending.size === 0) return;
  timer = setTimeout(() => {
    timer = undefined;
    const areas = [...pending];
    pending.clear();
    if (current) for (const area of areas) fetchArea(area, current.query).catch(() => undefined);
  }, 250);
}

/** Deals, clawbacks and ended calls move the charts they touch, without a reload. */
export function followInsights(): () => void {
  const stops = [
    // Rollup-served charts move once the rollups are written (insights:updated), not on the change's own event.
    onLive(SocketEvents.insightsUpdated, (payload) => refresh(payload.areas)),
    onLive(SocketEvents.earningsUpdated, () => refresh(['earnings', 'funnel'])),
    onLive(SocketEvents.callState, (payload) => {
      if (payload.call?.state === 'ended' || payload.call?.state === 'idle') refresh(['calls']);
    }),
    onLive(SocketEvents.teamActivity, () => refresh(['team'])),
    onLive(SocketEvents.leaderboardUpdated, () => refresh(['campaigns', 'team'])),
    onLive(SocketEvents.leadsUpdated, () => refresh(['campaigns'])),
    onLive(SocketEvents.leadUpdated, () => refresh(['campaigns', 'funnel'])),
    onLiveResync(() => current && refresh(current.areas)),
  ];
  return () => {
    stops.forEach((stop) => stop());
    current = null;
    clearTimeout(timer);
    timer = undefined;
    pending.clear();
    Object.assign(insights, { earnings: null, calls: null, funnel: null, team: null, campaigns: null, error: null });
  };
}
