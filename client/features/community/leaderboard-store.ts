import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type {
  Leaderboard,
  LeaderboardMetric,
  LeaderboardPeriod,
} from '../../../shared/schemas/leaderboard/standings.js';
import { api } from '../../api/client.js';
import { onLive, onLiveResync } from '../../live/socket.js';

/**
 * The live event only says standings moved: many deals closing at once become one re-read, and every open feed
 * waits a random extra moment so they do not all ask the server in the same instant.
 */
const REFRESH_DEBOUNCE_MS = 750;
const REFRESH_SPREAD_MS = 1_000;

interface LeaderboardState {
  period: LeaderboardPeriod;
  by: LeaderboardMetric;
  /** null: every campaign. */
  campaignId: string | null;
  data: Leaderboard | null;
  loading: boolean;
  failed: boolean;
}

export const leaderboard = proxy<LeaderboardState>({
  period: 'week',
  by: 'deals',
  campaignId: null,
  data: null,
  loading: true,
  failed: false,
});

export const useLeaderboard = () => useSnapshot(leaderboard);

/** Bumped on every request, so an answer for an older filter never replaces a newer one. */
let generation = 0;

export async function loadLeaderboard(quiet = false): Promise<void> {
  const mine = ++generation;
  if (!quiet) leaderboard.loading = true;
  const params = new URLSearchParams({
    period: leaderboard.period,
    by: leaderboard.by,
    ...(leaderboard.campaignId ? { campaignId: leaderboard.campaignId } : {}),
  });
  try {
    const data = await api(`/api/leaderboard?${params}`, { quiet: true });
    if (mine !== generation) return;
    leaderboard.data = data;
    leaderboard.failed = false;
  } catch {
    if (mine === generation && !quiet) leaderboard.failed = true;
  } finally {
    if (mine === generation) leaderboard.loading = false;
  }
}

export function setLeaderboardFilter(change: Partial<Pick<LeaderboardState, 'period' | 'by' | 'campaignId'>>): void {
  Object.assign(leaderboard, change);
  void loadLeaderboard();
}

/** Re-reads the standings shown whenever a deal's money is written or reversed, and after a reconnect. */
export function followLeaderboard(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void loadLeaderboard(true), REFRESH_DEBOUNCE_MS + Math.random() * REFRESH_SPREAD_MS);
  };
  const offUpdated = onLive(SocketEvents.leaderboardUpdated, (event) => {
    if (leaderboard.campaignId && event.campaignId !== leaderboard.campaignId) return;
    refresh();
  });
  const offResync = onLiveResync(refresh);
  return () => {
    clearTimeout(timer);
    offUpdated();
    offResync();
  };
}
