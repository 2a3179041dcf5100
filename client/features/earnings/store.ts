import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { Earnings } from '../../../shared/schemas/commissions/earnings.js';
import type { MeStats } from '../../../shared/schemas/overview/stats.js';
import { api } from '../../api/client.js';
import { onLive } from '../../live/socket.js';

interface EarningsState {
  /** The overview cards and the user menu figures (GET /api/me/stats). */
  stats: MeStats | null;
  /** The viewer's ledger totals across campaigns (GET /api/earnings). */
  earnings: Earnings | null;
  /** Bumped on every `earnings:updated`, so screens holding per-campaign figures know to reload them. */
  version: number;
}

export const earningsState = proxy<EarningsState>({ stats: null, earnings: null, version: 0 });

export const useEarnings = () => useSnapshot(earningsState);

export async function loadStats(): Promise<void> {
  earningsState.stats = await api('/api/me/stats', { quiet: true });
}

/**
 * `earnings:updated` carries the fresh ledger figures: they replace ours at once; deal counts and averages
 * are recomputed by the server, so the stats are re-read.
 */
export function followEarnings(): () => void {
  // Another account may have used this tab before: never show its figures while ours load.
  Object.assign(earningsState, { stats: null, earnings: null });
  loadStats().catch(() => undefined);
  return onLive(SocketEvents.earningsUpdated, (payload) => {
    earningsState.earnings = payload.earnings;
    if (earningsState.stats) earningsState.stats.monthlyEarnings = payload.earnings.monthly;
    earningsState.version += 1;
    loadStats().catch(() => undefined);
  });
}
