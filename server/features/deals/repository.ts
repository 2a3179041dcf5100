import { ObjectId, type Collection, type Db } from 'mongodb';
import { leadsCollection, type LeadDoc } from '../leads/public.js';

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

export async function ensureDealIndexes(db: Db): Promise<void> {
  const deals = dealsCollection(db);
  // One standing deal per lead: closing twice (double click, two tabs) makes one deal.
  await deals.createIndex({ leadId: 1 }, { unique: true, partialFilterExpression: { status: 'closed' } });
  await deals.createIndex({ closerId: 1, closedAt: -1 });
  await deals.createIndex({ openerId: 1, closedAt: -1 });
  await deals.createIndex({ campaignId: 1, closedAt: -1 });
}

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
}

/** The lead becomes Closed (disposition and stage, DESIGN section 4), with a history entry. */
export async function markLeadClosed(db: Db, leadId: ObjectId, by: ObjectId, at: Date, change: string): Promise<LeadDoc | null> {
  return leadsCollection(db).findOneAndUpdate(
    { _id: leadId },
    { $set: { disposition: 'Closed', stage: 'Closed', dispositionAt: at, updatedAt: at }, $push: { history: { at, by, change } } },
    { returnDocument: 'after' },
  );
}

/** False when the deal was not standing any more (already cancelled). */
export async function markDealCancelled(db: Db, dealId: ObjectId, status: 'cancelled' | 'refunded', by: ObjectId, at: Date, note?: string): Promise<boolean> {
  const result = await dealsCollection(db).updateOne(
    { _id: dealId, status: 'closed' },
    { $set: { status, cancelledAt: at, cancelledBy: by, ...(note ? { cancelNote: note } : {}) } },
  );
  return result.modifiedCount === 1;
}

/** Closed deals where the user was opener or closer. */
export function standingDealsOf(db: Db, userId: ObjectId, since?: Date): Promise<DealDoc[]> {
  return dealsCollection(db)
    .find({ status: 'closed', $or: [{ closerId: userId }, { openerId: userId }], ...(since ? { closedAt: { $gte: since } } : {}) })
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

/** Average standing deal value per campaign (cents), for projections. */
export async function averageDealValues(db: Db, campaignIds: ObjectId[]): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await dealsCollection(db)
    .aggregate<{ _id: ObjectId; avg: number }>([
      { $match: { status: 'closed', campaignId: { $in: campaignIds } } },
      { $group: { _id: '$campaignId', avg: { $avg: '$value' } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id.toHexString(), Math.round(row.avg)]));
}

/**
 * Assigned leads still in play (not Closed or Lost) of these agents, counted per agent, campaign and stage: a team's
 * thousands of open leads answer as a few dozen rows.
 */
export async function openLeadsOf(db: Db, agentIds: ObjectId[], campaignId?: ObjectId): Promise<Array<{ assignedTo: ObjectId; campaignId: ObjectId; stage: string; count: number }>> {
  if (agentIds.length === 0) return [];
  const rows = await leadsCollection(db)
    .aggregate<{ _id: { a: ObjectId; c: ObjectId; s: string }; n: number }>([
      { $match: { assignedTo: { $in: agentIds }, stage: { $nin: ['Closed', 'Lost'] }, ...(campaignId ? { campaignId } : {}) } },
      { $group: { _id: { a: '$assignedTo', c: '$campaignId', s: '$stage' }, n: { $sum: 1 } } },
    ])
    .toArray();
  return rows.map(({ _id, n }) => ({ assignedTo: _id.a, campaignId: _id.c, stage: _id.s, count: n }));
}

export function findLeadByCampaignEmail(db: Db, campaignId: ObjectId, email: string): Promise<LeadDoc | null> {
  return leadsCollection(db).findOne({ campaignId, email });
}
