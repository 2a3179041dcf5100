import type { Db, ObjectId } from 'mongodb';
import type { InsightBucket } from '../../../shared/schemas/insights/query.js';
import { readOnlyCalls } from '../dialer/public.js';
import { readOnlyDeals } from '../deals/public.js';

/** The window and zone an aggregation counts in, and the campaign(s) it is limited to (none: every campaign). */
export interface Window {
  startsAt: Date;
  endsAt: Date;
  tz: string;
  bucket: InsightBucket;
  campaignIds?: ObjectId[];
}

const sumIf = (condition: unknown, value: unknown = 1) => ({ $sum: { $cond: [condition, value, 0] } });
const connected = { $ne: [{ $ifNull: ['$connectedAt', null] }, null] };

/** Dials and connects per agent, and the same split at `splitAt` (before / from) for week-on-week trends. */
export function callsPerAgent(
  db: Db,
  agentIds: ObjectId[],
  startsAt: Date,
  endsAt: Date,
  campaignIds: ObjectId[] | undefined,
  splitAt?: Date,
): Promise<Array<{ _id: ObjectId; dials: number; connects: number; late: number }>> {
  return readOnlyCalls(db)
    .aggregate<{ _id: ObjectId; dials: number; connects: number; late: number }>([
      {
        $match: {
          agentId: { $in: agentIds },
          startedAt: { $gte: startsAt, $lt: endsAt },
          ...(campaignIds ? { campaignId: { $in: campaignIds } } : {}),
        },
      },
      {
        $group: {
          _id: '$agentId',
          dials: { $sum: 1 },
          connects: sumIf(connected),
          late: splitAt ? sumIf({ $gte: ['$startedAt', splitAt] }) : { $sum: 0 },
        },
      },
    ])
    .toArray();
}

/** Standing deals per participant (closer, and opener when someone else), with the same split as `callsPerAgent`. */
export function dealsPerAgent(
  db: Db,
  agentIds: ObjectId[],
  startsAt: Date,
  endsAt: Date,
  campaignIds: ObjectId[] | undefined,
  splitAt?: Date,
): Promise<Array<{ _id: ObjectId; deals: number; late: number }>> {
  return readOnlyDeals(db)
    .aggregate<{ _id: ObjectId; deals: number; late: number }>([
      {
        $match: {
          status: 'closed',
          closedAt: { $gte: startsAt, $lt: endsAt },
          $or: [{ closerId: { $in: agentIds } }, { openerId: { $in: agentIds } }],
          ...(campaignIds ? { campaignId: { $in: campaignIds } } : {}),
        },
      },
      {
        $project: {
          closedAt: 1,
          people: { $cond: [{ $eq: ['$openerId', '$closerId'] }, ['$closerId'], ['$closerId', '$openerId']] },
        },
      },
      { $unwind: '$people' },
      { $match: { people: { $in: agentIds } } },
      {
        $group: {
          _id: '$people',
          deals: { $sum: 1 },
          late: splitAt ? sumIf({ $gte: ['$closedAt', splitAt] }) : { $sum: 0 },
        },
      },
    ])
    .toArray();
}
