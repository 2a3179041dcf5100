import { ObjectId } from 'mongodb';
import type { Leaderboard, LeaderboardEntry, LeaderboardQuery } from '../../../shared/schemas/leaderboard/standings.js';
import { LEADERBOARD_DEFAULT_LIMIT } from '../../../shared/schemas/leaderboard/standings.js';
import type { Platform } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { findCampaignById } from '../campaigns/public.js';
import { earningWindows } from '../commissions/public.js';
import type { UserDoc } from '../users/public.js';
import { userSummaries } from '../users/public.js';
import { countAbove, dealsOf, earningsOf, topScores, type StandingScope } from './repository.js';

/** Start of the period with the same windows as the earnings figures (UTC, ISO week from Monday); none for all time. */
export function periodStart(period: Leaderboard['period'], now: Date): Date | undefined {
  const windows = earningWindows(now);
  if (period === 'week') return windows.weekStart;
  if (period === 'month') return windows.monthStart;
  return undefined;
}

/**
 * Standings on real sales: deals opened or closed (cancelled deals drop out) or ledger earnings, in the period
 * and campaign asked for; the top `limit` and the viewer's own rank even when they are further down.
 */
export async function leaderboardFor(
  platform: Platform,
  viewer: UserDoc,
  query: LeaderboardQuery,
): Promise<Leaderboard> {
  const period = query.period ?? 'week';
  const by = query.by ?? 'deals';
  const limit = query.limit ?? LEADERBOARD_DEFAULT_LIMIT;
  let campaignId: ObjectId | undefined;
  if (query.campaignId) {
    const campaign = await findCampaignById(platform.db, query.campaignId);
    if (!campaign) throw notFound('Campaign not found.');
    campaignId = campaign._id;
  }
  const since = periodStart(period, platform.clock.now());
  const scope: StandingScope = { since, campaignId };

  const top = await topScores(platform.db, by, scope, limit);
  const ids = [...new Map([...top.map((t) => t.userId), viewer._id].map((id) => [id.toHexString(), id])).values()];
  const [deals, earnings, profiles] = await Promise.all([
    dealsOf(platform.db, ids, scope),
    earningsOf(platform.db, ids, scope),
    userSummaries(platform.db, ids),
  ]);
  const figures = (id: ObjectId) => {
    const key = id.toHexString();
    return {
      deals: deals.get(key)?.deals ?? 0,
      earnings: earnings.get(key) ?? 0,
      dealValue: deals.get(key)?.value ?? 0,
    };
  };

  const entries: LeaderboardEntry[] = [];
  top.forEach((row, index) => {
    // Competition ranking: equal scores share a rank, the next one skips (1, 2, 2, 4).
    const rank = index > 0 && top[index - 1].score === row.score ? entries[index - 1].rank : index + 1;
    const profile = profiles.get(row.userId.toHexString());
    entries.push({
      rank,
      user: {
        id: row.userId.toHexString(),
        name: profile?.name ?? 'Former agent',
        avatarSeed: profile?.avatarSeed ?? row.userId.toHexString(),
      },
      ...figures(row.userId),
    });
  });

  const mine = figures(viewer._id);
  const myScore = by === 'deals' ? mine.deals : mine.earnings;
  const listed = entries.find((entry) => entry.user.id === viewer._id.toHexString());
  const rank = listed ? listed.rank : myScore > 0 ? (await countAbove(platform.db, by, scope, myScore)) + 1 : null;

  return {
    period,
    by,
    campaignId: campaignId?.toHexString() ?? null,
    since: since?.toISOString() ?? null,
    entries,
    me: { rank, ...mine },
  };
}
