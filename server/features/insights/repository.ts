import type { Db, Document, ObjectId } from 'mongodb';
import type { InsightBucket } from '../../../shared/schemas/insights/query.js';
import { campaignsCollection } from '../campaigns/public.js';
import { commissionsCollection } from '../commissions/public.js';
import { callsCollection } from '../dialer/public.js';
import { dealsCollection } from '../deals/public.js';
import { leadsCollection } from '../leads/public.js';
import { slotExpr } from './period.js';

/** The window and zone an aggregation counts in, and the campaign(s) it is limited to (none: every campaign). */
export interface Window {
  startsAt: Date;
  endsAt: Date;
  tz: string;
  bucket: InsightBucket;
  campaignIds?: ObjectId[];
}

export async function ensureInsightIndexes(db: Db): Promise<void> {
  // Every insight reads a date range of one user's or one campaign's documents; these keep that an index range.
  await commissionsCollection(db).createIndex({ userId: 1, createdAt: 1 });
  await commissionsCollection(db).createIndex({ campaignId: 1, createdAt: 1 });
  await leadsCollection(db).createIndex({ assignedTo: 1, assignedAt: 1 });
  await leadsCollection(db).createIndex({ campaignId: 1, createdAt: 1 });
  await leadsCollection(db).createIndex({ campaignId: 1, assignedAt: 1 });
}

const during = (w: Window) => ({ $gte: w.startsAt, $lt: w.endsAt });
const inCampaigns = (w: Window) => (w.campaignIds ? { campaignId: { $in: w.campaignIds } } : {});
const sumIf = (condition: unknown, value: unknown = 1) => ({ $sum: { $cond: [condition, value, 0] } });
const connected = { $ne: [{ $ifNull: ['$connectedAt', null] }, null] };

export interface EarningsRow {
  /** 15-minute slot (see slotExpr). */
  _id: number;
  own: number;
  level1: number;
  level2: number;
  level3: number;
  clawbacks: number;
  total: number;
  pending: number;
  approved: number;
  paid: number;
}

/** The user's ledger lines written in the window per 15-minute slot, split by kind/level and by status (void left out). */
export function earningsByBucket(db: Db, userId: ObjectId, w: Window): Promise<EarningsRow[]> {
  const isOverride = (level: number) => ({ $and: [{ $eq: ['$kind', 'override'] }, { $eq: ['$level', level] }] });
  return commissionsCollection(db)
    .aggregate<EarningsRow>([
      { $match: { userId, createdAt: during(w), status: { $ne: 'void' }, ...inCampaigns(w) } },
      {
        $group: {
          _id: slotExpr('$createdAt'),
          own: sumIf({ $in: ['$kind', ['opener', 'closer', 'fullStack']] }, '$amount'),
          level1: sumIf(isOverride(1), '$amount'),
          level2: sumIf(isOverride(2), '$amount'),
          level3: sumIf(isOverride(3), '$amount'),
          clawbacks: sumIf({ $eq: ['$kind', 'clawback'] }, '$amount'),
          total: { $sum: '$amount' },
          pending: sumIf({ $eq: ['$status', 'pending'] }, '$amount'),
          approved: sumIf({ $eq: ['$status', 'approved'] }, '$amount'),
          paid: sumIf({ $eq: ['$status', 'paid'] }, '$amount'),
        },
      },
    ])
    .toArray();
}

export interface CallsRow {
  /** 15-minute slot (see slotExpr). */
  _id: number;
  dials: number;
  connects: number;
  talk: number;
}

/** The agent's calls started in the window per 15-minute slot. */
export function callsByBucketAndHour(db: Db, agentId: ObjectId, w: Window): Promise<CallsRow[]> {
  return callsCollection(db)
    .aggregate<CallsRow>([
      { $match: { agentId, startedAt: during(w), ...inCampaigns(w) } },
      {
        $group: {
          _id: slotExpr('$startedAt'),
          dials: { $sum: 1 },
          connects: sumIf(connected),
          talk: { $sum: { $ifNull: ['$duration', 0] } },
        },
      },
    ])
    .toArray();
}

export interface FunnelCounts {
  _id: ObjectId;
  assigned: number;
  contacted: number;
  interested: number;
  closed: number;
}

/** The agent's leads assigned in the window, per campaign, counted at each step they reached. */
export function funnelByCampaign(db: Db, agentId: ObjectId, w: Window): Promise<FunnelCounts[]> {
  return leadsCollection(db)
    .aggregate<FunnelCounts>([
      { $match: { assignedTo: agentId, assignedAt: during(w), ...inCampaigns(w) } },
      {
        $group: {
          _id: '$campaignId',
          assigned: { $sum: 1 },
          contacted: sumIf({ $ne: ['$disposition', 'New'] }),
          interested: sumIf({ $in: ['$stage', ['Qualified', 'Proposal', 'Closed']] }),
          closed: sumIf({ $eq: ['$stage', 'Closed'] }),
        },
      },
    ])
    .toArray();
}

/** Dials and connects per agent, and the same split at `splitAt` (before / from) for week-on-week trends. */
export function callsPerAgent(db: Db, agentIds: ObjectId[], startsAt: Date, endsAt: Date, campaignIds: ObjectId[] | undefined, splitAt?: Date): Promise<Array<{ _id: ObjectId; dials: number; connects: number; late: number }>> {
  return callsCollection(db)
    .aggregate<{ _id: ObjectId; dials: number; connects: number; late: number }>([
      { $match: { agentId: { $in: agentIds }, startedAt: { $gte: startsAt, $lt: endsAt }, ...(campaignIds ? { campaignId: { $in: campaignIds } } : {}) } },
      { $group: { _id: '$agentId', dials: { $sum: 1 }, connects: sumIf(connected), late: splitAt ? sumIf({ $gte: ['$startedAt', splitAt] }) : { $sum: 0 } } },
    ])
    .toArray();
}

/** Standing deals per participant (closer, and opener when someone else), with the same split as `callsPerAgent`. */
export function dealsPerAgent(db: Db, agentIds: ObjectId[], startsAt: Date, endsAt: Date, campaignIds: ObjectId[] | undefined, splitAt?: Date): Promise<Array<{ _id: ObjectId; deals: number; late: number }>> {
  return dealsCollection(db)
    .aggregate<{ _id: ObjectId; deals: number; late: number }>([
      {
        $match: {
          status: 'closed',
          closedAt: { $gte: startsAt, $lt: endsAt },
          $or: [{ closerId: { $in: agentIds } }, { openerId: { $in: agentIds } }],
          ...(campaignIds ? { campaignId: { $in: campaignIds } } : {}),
        },
      },
      { $project: { closedAt: 1, people: { $cond: [{ $eq: ['$openerId', '$closerId'] }, ['$closerId'], ['$closerId', '$openerId']] } } },
      { $unwind: '$people' },
      { $match: { people: { $in: agentIds } } },
      { $group: { _id: '$people', deals: { $sum: 1 }, late: splitAt ? sumIf({ $gte: ['$closedAt', splitAt] }) : { $sum: 0 } } },
    ])
    .toArray();
}

/** What `userId` earned on each source's production (override lines and their clawbacks) in the window. */
export function overridesBySource(db: Db, userId: ObjectId, sourceIds: ObjectId[], w: Window): Promise<Array<{ _id: ObjectId; amount: number }>> {
  return commissionsCollection(db)
    .aggregate<{ _id: ObjectId; amount: number }>([
      { $match: { userId, createdAt: during(w), level: { $gte: 1 }, sourceUserId: { $in: sourceIds }, status: { $ne: 'void' }, ...inCampaigns(w) } },
      { $group: { _id: '$sourceUserId', amount: { $sum: '$amount' } } },
    ])
    .toArray();
}

type Counted = Array<{ _id: ObjectId; n: number }>;

/** Lead flow per campaign in the window: imported, distributed, worked, recycled. */
export async function leadFlow(db: Db, w: Window): Promise<Record<'imported' | 'distributed' | 'worked' | 'recycled', Counted>> {
  const leads = leadsCollection(db);
  const group = { $group: { _id: '$campaignId', n: { $sum: 1 } } };
  const run = (match: Document) => leads.aggregate<{ _id: ObjectId; n: number }>([{ $match: { ...inCampaigns(w), ...match } }, group]).toArray();
  const [imported, distributed, worked, recycled] = await Promise.all([
    run({ createdAt: during(w), staged: { $ne: true } }),
    run({ assignedAt: during(w) }),
    run({ dispositionAt: during(w), disposition: { $ne: 'New' } }),
    run({ history: { $elemMatch: { at: during(w), change: { $regex: '^Returned to the pool' } } } }),
  ]);
  return { imported, distributed, worked, recycled };
}

export function callsPerCampaign(db: Db, w: Window): Promise<Counted> {
  return callsCollection(db)
    .aggregate<{ _id: ObjectId; n: number }>([{ $match: { startedAt: during(w), ...inCampaigns(w) } }, { $group: { _id: '$campaignId', n: { $sum: 1 } } }])
    .toArray();
}

export function dealsPerCampaign(db: Db, w: Window): Promise<Array<{ _id: ObjectId; deals: number; revenue: number }>> {
  return dealsCollection(db)
    .aggregate<{ _id: ObjectId; deals: number; revenue: number }>([
      { $match: { status: 'closed', closedAt: during(w), ...inCampaigns(w) } },
      { $group: { _id: '$campaignId', deals: { $sum: 1 }, revenue: { $sum: '$value' } } },
    ])
    .toArray();
}

export function commissionCostPerCampaign(db: Db, w: Window): Promise<Array<{ _id: ObjectId; cost: number }>> {
  return commissionsCollection(db)
    .aggregate<{ _id: ObjectId; cost: number }>([
      { $match: { createdAt: during(w), status: { $ne: 'void' }, ...inCampaigns(w) } },
      { $group: { _id: '$campaignId', cost: { $sum: '$amount' } } },
    ])
    .toArray();
}

/** (15-minute slot, agent) pairs with a call started or a standing deal closed in the window. */
export async function activeAgentSlots(db: Db, w: Window): Promise<Array<{ slot: number; agentId: ObjectId }>> {
  const [calls, deals] = await Promise.all([
    callsCollection(db)
      .aggregate<{ _id: { s: number; a: ObjectId } }>([{ $match: { startedAt: during(w), ...inCampaigns(w) } }, { $group: { _id: { s: slotExpr('$startedAt'), a: '$agentId' } } }])
      .toArray(),
    dealsCollection(db)
      .aggregate<{ _id: { s: number; a: ObjectId } }>([{ $match: { status: 'closed', closedAt: during(w), ...inCampaigns(w) } }, { $group: { _id: { s: slotExpr('$closedAt'), a: '$closerId' } } }])
      .toArray(),
  ]);
  return [...calls, ...deals].map((row) => ({ slot: row._id.s, agentId: row._id.a }));
}

export function campaignNames(db: Db, ids?: ObjectId[]): Promise<Array<{ _id: ObjectId; name: string }>> {
  return campaignsCollection(db)
    .find(ids ? { _id: { $in: ids } } : {}, { projection: { name: 1 } })
    .sort({ name: 1 })
    .toArray();
}
