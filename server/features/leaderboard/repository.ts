import type { Db, Document, ObjectId } from 'mongodb';
import { readOnlyLedger } from '../commissions/public.js';
import { readOnlyDeals } from '../deals/public.js';

/** What a standing is computed over: deals closed and ledger lines written since `since`, in one campaign or all. */
export interface StandingScope {
  since?: Date;
  campaignId?: ObjectId;
}

export interface Score {
  userId: ObjectId;
  score: number;
}

/** One row per participant of a standing deal: its closer, and its opener when someone else opened it. */
function dealsPerUser(scope: StandingScope, onlyUsers?: ObjectId[]): Document[] {
  return [
    {
      $match: {
        status: 'closed',
        ...(scope.since ? { closedAt: { $gte: scope.since } } : {}),
        ...(scope.campaignId ? { campaignId: scope.campaignId } : {}),
        ...(onlyUsers ? { $or: [{ closerId: { $in: onlyUsers } }, { openerId: { $in: onlyUsers } }] } : {}),
      },
    },
    {
      $project: {
        value: 1,
        people: { $cond: [{ $eq: ['$openerId', '$closerId'] }, ['$closerId'], ['$closerId', '$openerId']] },
      },
    },
    { $unwind: '$people' },
    ...(onlyUsers ? [{ $match: { people: { $in: onlyUsers } } }] : []),
    { $group: { _id: '$people', score: { $sum: 1 }, value: { $sum: '$value' } } },
  ];
}

/** Earnings as the earnings figures count them: every line written in the period but void ones, clawbacks negative. */
function earningsPerUser(scope: StandingScope, onlyUsers?: ObjectId[]): Document[] {
  return [
    {
      $match: {
        status: { $ne: 'void' },
        ...(scope.since ? { createdAt: { $gte: scope.since } } : {}),
        ...(scope.campaignId ? { campaignId: scope.campaignId } : {}),
        ...(onlyUsers ? { userId: { $in: onlyUsers } } : {}),
      },
    },
    { $group: { _id: '$userId', score: { $sum: '$amount' } } },
  ];
}

function pipelineFor(
  metric: 'deals' | 'earnings',
  scope: StandingScope,
): { collection: 'deals' | 'commissions'; stages: Document[] } {
  return metric === 'deals'
    ? { collection: 'deals', stages: dealsPerUser(scope) }
    : { collection: 'commissions', stages: earningsPerUser(scope) };
}

function run<T extends Document>(db: Db, collection: 'deals' | 'commissions', stages: Document[]) {
  return (collection === 'deals' ? readOnlyDeals(db) : readOnlyLedger(db)).aggregate<T>(stages).toArray();
}

/** The best `limit` users by the metric (only positive scores rank), highest first, ties by user id. */
export async function topScores(
  db: Db,
  metric: 'deals' | 'earnings',
  scope: StandingScope,
  limit: number,
): Promise<Score[]> {
  const { collection, stages } = pipelineFor(metric, scope);
  const rows = await run<{ _id: ObjectId; score: number }>(db, collection, [
    ...stages,
    { $match: { score: { $gt: 0 } } },
    { $sort: { score: -1, _id: 1 } },
    { $limit: limit },
  ]);
  return rows.map((row) => ({ userId: row._id, score: row.score }));
}

/** How many users score strictly more than `score`: a rank is that plus one. */
export async function countAbove(
  db: Db,
  metric: 'deals' | 'earnings',
  scope: StandingScope,
  score: number,
): Promise<number> {
  const { collection, stages } = pipelineFor(metric, scope);
  const rows = await run<{ above: number }>(db, collection, [
    ...stages,
    { $match: { score: { $gt: score } } },
    { $count: 'above' },
  ]);
  return rows[0]?.above ?? 0;
}

/** Deals (count and value) of these users in the scope. */
export async function dealsOf(
  db: Db,
  userIds: ObjectId[],
  scope: StandingScope,
): Promise<Map<string, { deals: number; value: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await run<{ _id: ObjectId; score: number; value: number }>(db, 'deals', dealsPerUser(scope, userIds));
  return new Map(rows.map((row) => [row._id.toHexString(), { deals: row.score, value: row.value }]));
}

/** Earnings of these users in the scope (cents). */
export async function earningsOf(db: Db, userIds: ObjectId[], scope: StandingScope): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await run<{ _id: ObjectId; score: number }>(db, 'commissions', earningsPerUser(scope, userIds));
  return new Map(rows.map((row) => [row._id.toHexString(), row.score]));
}
