import { ObjectId, type Collection, type Db, type Document } from 'mongodb';
import type { CounterFamily } from '../../platform/counter-drift.js';
import { updateLead, type LeadDoc } from '../leads/public.js';
import { readOnly, type ReadOnlyCollection } from '../../platform/read-only-collection.js';
import { replaceDocuments } from '../../platform/replace-documents.js';

export interface DealDoc {
  _id: ObjectId;
  leadId: ObjectId;
  campaignId: ObjectId;
  openerId: ObjectId;
  closerId: ObjectId;
  /** Integer cents. */
  value: number;
  status: 'closed' | 'cancelled' | 'refunded';
  closedAt: Date;
  closedBy: ObjectId;
  leadName: string;
  cancelledAt?: Date;
  cancelledBy?: ObjectId;
  cancelNote?: string;
}

export const dealsCollection = (db: Db): Collection<DealDoc> => db.collection<DealDoc>('deals');

/** Standing deals per campaign, kept by every deal write: the average deal value projections use. */
interface CampaignDealStats {
  _id: ObjectId;
  deals: number;
  /** Integer cents. */
  value: number;
}

const dealStatsCollection = (db: Db): Collection<CampaignDealStats> =>
  db.collection<CampaignDealStats>('campaign_deal_stats');

function countDeal(db: Db, campaignId: ObjectId, deals: 1 | -1, value: number): Promise<unknown> {
  return dealStatsCollection(db).updateOne(
    { _id: campaignId },
    { $inc: { deals, value: deals * value } },
    { upsert: true },
  );
}

export async function ensureDealIndexes(db: Db): Promise<void> {
  const deals = dealsCollection(db);
  // One standing deal per lead: closing twice (double click, two tabs) makes one deal.
  await deals.createIndex({ leadId: 1 }, { unique: true, partialFilterExpression: { status: 'closed' } });
  await deals.createIndex({ closerId: 1, closedAt: -1 });
  await deals.createIndex({ openerId: 1, closedAt: -1 });
  await deals.createIndex({ campaignId: 1, closedAt: -1 });
  // The Insights rollups recompute whole days: a day of closed deals is an index range.
  await deals.createIndex({ closedAt: 1 });
  // The leaderboard's period scans: standing deals by closing date.
  await deals.createIndex({ status: 1, closedAt: -1 });
}

/**
 * The deals for the aggregations other features run over them (the Insights rollups, the leaderboard's standings):
 * they read, and every write stays here, beside the per-campaign deal counters it moves.
 */
export const readOnlyDeals = (db: Db): ReadOnlyCollection<DealDoc> => readOnly(dealsCollection(db));

export function findDealById(db: Db, id: string | ObjectId): Promise<DealDoc | null> {
  if (typeof id === 'string' && !ObjectId.isValid(id)) return Promise.resolve(null);
  return dealsCollection(db).findOne({ _id: typeof id === 'string' ? new ObjectId(id) : id });
}

export function findStandingDealOfLead(db: Db, leadId: ObjectId): Promise<DealDoc | null> {
  return dealsCollection(db).findOne({ leadId, status: 'closed' });
}

/** The lead's most recent deal, standing or not (a refunded deal stays on the lead's record). */
export function latestDealOfLead(db: Db, leadId: ObjectId): Promise<DealDoc | null> {
  return dealsCollection(db).findOne({ leadId }, { sort: { closedAt: -1, _id: -1 } });
}

/** Throws a duplicate-key error (11000) when the lead already has a standing deal. */
export async function insertDeal(db: Db, deal: DealDoc): Promise<void> {
  await dealsCollection(db).insertOne(deal);
  if (deal.status === 'closed') await countDeal(db, deal.campaignId, 1, deal.value);
}

/** The lead becomes Closed (disposition and stage, docs/product.md, Lead status), with a history entry. */
export function markLeadClosed(
  db: Db,
  leadId: ObjectId,
  by: ObjectId,
  at: Date,
  change: string,
): Promise<LeadDoc | null> {
  return updateLead(
    db,
    leadId,
    { disposition: 'Closed', stage: 'Closed', dispositionAt: at, updatedAt: at },
    [],
    [{ at, by, change }],
  );
}

/** False when the deal was not standing any more (already cancelled). */
export async function markDealCancelled(
  db: Db,
  dealId: ObjectId,
  status: 'cancelled' | 'refunded',
  by: ObjectId,
  at: Date,
  note?: string,
): Promise<boolean> {
  const standing = await dealsCollection(db).findOneAndUpdate(
    { _id: dealId, status: 'closed' },
    { $set: { status, cancelledAt: at, cancelledBy: by, ...(note ? { cancelNote: note } : {}) } },
    { returnDocument: 'before', projection: { campaignId: 1, value: 1 } },
  );
  if (standing) await countDeal(db, standing.campaignId, -1, standing.value);
  return Boolean(standing);
}

/** Closed deals where the user was opener or closer. */
export function standingDealsOf(db: Db, userId: ObjectId, since?: Date): Promise<DealDoc[]> {
  return dealsCollection(db)
    .find({
      status: 'closed',
      $or: [{ closerId: userId }, { openerId: userId }],
      ...(since ? { closedAt: { $gte: since } } : {}),
    })
    .toArray();
}

/** Total value of standing deals closed by these users (cents). */
export async function dealValueOf(db: Db, userIds: ObjectId[], campaignId?: ObjectId): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await dealsCollection(db)
    .aggregate<{ total: number }>([
      { $match: { status: 'closed', closerId: { $in: userIds }, ...(campaignId ? { campaignId } : {}) } },
      { $group: { _id: null, total: { $sum: '$value' } } },
    ])
    .toArray();
  return rows[0]?.total ?? 0;
}

/** Average standing deal value per campaign (cents, rounded), for projections. */
export async function averageDealValues(db: Db, campaignIds: ObjectId[]): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await dealStatsCollection(db)
    .find({ _id: { $in: campaignIds }, deals: { $gt: 0 } })
    .toArray();
  return new Map(rows.map((row) => [row._id.toHexString(), Math.round(row.value / row.deals)]));
}

function recountDealStats(db: Db): Promise<CampaignDealStats[]> {
  return dealsCollection(db)
    .aggregate<CampaignDealStats>([
      { $match: { status: 'closed' } },
      { $group: { _id: '$campaignId', deals: { $sum: 1 }, value: { $sum: '$value' } } },
    ])
    .toArray();
}

/** Recounts the standing deals of every campaign (start-up catch-up, deals written straight into the collection). */
export async function rebuildDealStats(db: Db): Promise<void> {
  const rows = await recountDealStats(db);
  await replaceDocuments(dealStatsCollection(db), rows);
}

export const dealStatsCounters = (db: Db): CounterFamily => ({
  name: 'campaign_deal_stats',
  collection: dealStatsCollection(db) as unknown as Collection<Document>,
  recount: () => recountDealStats(db),
});
