import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { BonsaiResponse } from '../../../shared/schemas/bonsai/get.js';
import type { Earnings } from '../../../shared/schemas/commissions/earnings.js';
import type { PayoutsResponse } from '../../../shared/schemas/commissions/ledger.js';
import type { TeamActivityItem, TeamActivityToday } from '../../../shared/schemas/team/activity.js';
import { api } from '../../api/client.js';
import { pathWithQuery } from '../../api/useApiQuery.js';
import { onLive } from '../../live/socket.js';

type Status = 'idle' | 'loading' | 'ready' | 'failed';

interface BonsaiState {
  campaignId: string | null;
  bonsai: BonsaiResponse | null;
  bonsaiStatus: Status;
  payouts: PayoutsResponse | null;
  payoutsStatus: Status;
  /** The viewer's earnings in the chosen campaign. */
  earnings: Earnings | null;
  today: TeamActivityToday | null;
  /** Newest first: today's activity from REST, then every `team:activity` as it happens. */
  feed: TeamActivityItem[];
}

const FEED_LIMIT = 50;

/** Nothing chosen or loaded yet (a new object each time: the feed array is the store's own). */
const emptyBonsai = (): BonsaiState => ({
  campaignId: null,
  bonsai: null,
  bonsaiStatus: 'idle',
  payouts: null,
  payoutsStatus: 'idle',
  earnings: null,
  today: null,
  feed: [],
});

export const bonsai = proxy<BonsaiState>(emptyBonsai());

export const useBonsai = () => useSnapshot(bonsai);

/**
 * The newest call state heard per team member from `team:activity` (`at` of the activity, and the order it
 * was applied in). A REST answer asked for before that update, or an activity older than it (events can
 * arrive out of order), must not turn the member's call state back.
 */
const callStates = new Map<string, { onCall: boolean; at: string; applied: number }>();
let applied = 0;

function keepNewestCallStates(members: { id: string; onCall: boolean }[], askedAt: number): void {
  for (const member of members) {
    const heard = callStates.get(member.id);
    if (heard && heard.applied > askedAt) member.onCall = heard.onCall;
  }
}

const withCampaign = <const P extends string>(
  path: P,
  campaignId: string | null,
  extra: Record<string, string> = {},
) => {
  return pathWithQuery(path, { ...extra, campaignId });
};

async function loadTree(campaignId: string | null): Promise<void> {
  if (!bonsai.bonsai) bonsai.bonsaiStatus = 'loading';
  const askedAt = applied;
  try {
    const answer = await api(withCampaign('/api/bonsai', campaignId), { quiet: true });
    if (bonsai.campaignId !== campaignId) return;
    keepNewestCallStates(answer.members, askedAt);
    // The tree's schema is depth-limited (no $ref), so its static type stops at `unknown`; BonsaiResponse names it.
    bonsai.bonsai = answer as BonsaiResponse;
    bonsai.bonsaiStatus = 'ready';
  } catch {
    if (bonsai.campaignId === campaignId && !bonsai.bonsai) bonsai.bonsaiStatus = 'failed';
  }
}

async function loadPayouts(campaignId: string | null): Promise<void> {
  if (!bonsai.payouts) bonsai.payoutsStatus = 'loading';
  try {
    const answer = await api(withCampaign('/api/payouts', campaignId, { limit: '50' }), { quiet: true });
    if (bonsai.campaignId !== campaignId) return;
    bonsai.payouts = answer;
    bonsai.payoutsStatus = 'ready';
  } catch {
    if (bonsai.campaignId === campaignId && !bonsai.payouts) bonsai.payoutsStatus = 'failed';
  }
}

async function loadCampaignEarnings(campaignId: string | null): Promise<void> {
  const answer = await api(withCampaign('/api/earnings', campaignId), { quiet: true });
  if (bonsai.campaignId === campaignId) bonsai.earnings = answer;
}

export async function loadMorePayouts(): Promise<void> {
  const { campaignId, payouts } = bonsai;
  if (!payouts?.nextCursor) return;
  const answer = await api(withCampaign('/api/payouts', campaignId, { limit: '50', cursor: payouts.nextCursor }));
  if (bonsai.campaignId !== campaignId || !bonsai.payouts) return;
  bonsai.payouts.ledger.push(...answer.ledger);
  bonsai.payouts.nextCursor = answer.nextCursor;
}

/** Everything of one campaign's Bonsai: tree and members, payouts and ledger, the viewer's earnings. */
export function showCampaign(campaignId: string | null): void {
  if (bonsai.campaignId !== campaignId) {
    bonsai.campaignId = campaignId;
    bonsai.bonsai = null;
    bonsai.payouts = null;
    bonsai.earnings = null;
  }
  void loadTree(campaignId);
  void loadPayouts(campaignId);
  loadCampaignEarnings(campaignId).catch(() => undefined);
}

export async function loadToday(): Promise<void> {
  const askedAt = applied;
  const answer = await api('/api/team/activity/today', { quiet: true });
  keepNewestCallStates(answer.members, askedAt);
  bonsai.today = answer;
  const live = bonsai.feed.filter((item) => !answer.recent.some((recent) => recent.id === item.id));
  bonsai.feed = [...live, ...answer.recent].sort((a, b) => b.at.localeCompare(a.at)).slice(0, FEED_LIMIT);
}

function debounced(task: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(task, ms);
  };
}

function setOnCall(actorId: string, onCall: boolean, at: string): void {
  const heard = callStates.get(actorId);
  if (heard && heard.at > at) return;
  callStates.set(actorId, { onCall, at, applied: ++applied });
  const member = bonsai.today?.members.find((candidate) => candidate.id === actorId);
  if (member) member.onCall = onCall;
  const treeMember = bonsai.bonsai?.members.find((candidate) => candidate.id === actorId);
  if (treeMember) treeMember.onCall = onCall;
}

/**
 * The live side of the Bonsai page: `team:activity` from the downline (levels 1-3) goes into the feed at
 * once and marks who is on a call; today's figures and the tree's earnings are then re-read from the
 * server, which owns the counting. `earnings:updated` refreshes the viewer's own figures and ledger.
 */
export function followTeam(): () => void {
  // Another account may have used this tab before: start from nothing.
  Object.assign(bonsai, emptyBonsai());
  callStates.clear();
  loadToday().catch(() => undefined);
  const refreshToday = debounced(() => void loadToday().catch(() => undefined), 800);
  const refreshMoney = debounced(() => {
    void loadTree(bonsai.campaignId);
    void loadPayouts(bonsai.campaignId);
    loadCampaignEarnings(bonsai.campaignId).catch(() => undefined);
  }, 800);

  const offActivity = onLive(SocketEvents.teamActivity, (item) => {
    if (!bonsai.feed.some((existing) => existing.id === item.id)) {
      bonsai.feed.unshift(item);
      bonsai.feed.splice(FEED_LIMIT);
    }
    if (item.kind === 'call-started') setOnCall(item.actorId, true, item.at);
    if (item.kind === 'call-ended') setOnCall(item.actorId, false, item.at);
    refreshToday();
    if (item.kind === 'deal-closed' || item.kind === 'lead-closed' || item.kind === 'recruit-joined') refreshMoney();
  });
  const offEarnings = onLive(SocketEvents.earningsUpdated, () => refreshMoney());
  return () => {
    offActivity();
    offEarnings();
  };
}
