import type { Db, ObjectId } from 'mongodb';
import type { InsightBucket } from '../../../shared/schemas/insights/query.js';
import { campaignsCollection } from '../campaigns/public.js';
import { commissionsCollection } from '../commissions/public.js';
import { callsCollection } from '../dialer/public.js';
import { dealsCollection } from '../deals/public.js';
import { leadsCollection } from '../leads/public.js';
import { ensureRollupIndexes } from './rollup-repository.js';

/** The window and zone an aggregation counts in, and the campaign(s) it is limited to (none: every campaign). */
export interface Window {
  startsAt: Date;
  endsAt: Date;
  tz: string;
  bucket: InsightBucket;
  campaignIds?: ObjectId[];
}

export async function ensureInsightIndexes(db: Db): Promise<void> {
  // The rollups recompute whole days of everything: these keep a day of each collection an index range.
  await commissionsCollection(db).createIndex({ createdAt: 1 });
  await dealsCollection(db).createIndex({ closedAt: 1 });
  // The funnel reads a date range of one agent's leads.
  await leadsCollection(db).createIndex({ assignedTo: 1, assignedAt: 1 });
  await ensureRollupIndexes(db);
}

const during = (w: Window) => ({ $gte: w.startsAt, $lt: w.endsAt });
const inCampaigns = (w: Window) => (w.campaignIds ? { campaignId: { $in: w.campaignIds } } : {});
const sumIf = (condition: unknown, value: unknown = 1) => ({ $sum: { $cond: [condition, value, 0] } });
const connected = { $ne: [{ $ifNull: ['$connectedAt', null] }, null] };

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

export function campaignNames(db: Db, ids?: ObjectId[]): Promise<Array<{ _id: ObjectId; name: string }>> {
  return campaignsCollection(db)
    .find(ids ? { _id: { $in: ids } } : {}, { projection: { name: 1 } })
    .sort({ name: 1 })
    .toArray();
}
