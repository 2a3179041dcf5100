import { ObjectId, type Collection, type Db } from 'mongodb';
import type { CallingHours } from '../../../shared/schemas/campaigns/calling-hours.js';
import type { StateCallingRules } from '../../../shared/schemas/campaigns/state-rules.js';
import { announceChange, cachedByIds } from '../../platform/node-cache.js';

export interface CommissionStructure {
  opener: number;
  closer: number;
  fullStack: number;
  override: { level1: number; level2: number; level3: number };
}

export interface CampaignDoc {
  _id: ObjectId;
  slug: string;
  name: string;
  description: string;
  status: 'active' | 'coming-soon';
  roleNeeded: 'Opener' | 'Closer' | 'Both';
  payoutRange: string;
  leadSourceType: 'Supplied' | 'Both';
  campaignTypes: string[];
  isProfitShare: boolean;
  isLimited: boolean;
  limitedUntil?: Date;
  commissionStructure: CommissionStructure;
  payoutDetails: string;
  tiers: Array<{ target: string; payout: number }>;
  /** Days a commission stays `pending` before it is approved (e.g. hotel cancellations). */
  holdDays: number;
  /** Hours without a disposition change before an assigned lead goes back to the pool. */
  leadIdleHours: number;
  /** IANA time zone used for calling hours when neither the lead nor its phone number gives one. */
  timeZone: string;
  /** Local to the lead; missing on campaigns written before it = DEFAULT_CALLING_HOURS. */
  callingHours?: CallingHours;
  /** Stricter windows and call limits per US state, over STATE_CALLING_RULES; missing = the defaults. */
  stateRules?: StateCallingRules;
  /** The lead's phrases the live objection spotter listens for; missing = DEFAULT_OBJECTION_PHRASES. */
  objectionPhrases?: string[];
  /** Disclosure (issue 30): the lead hears that the call is recorded and monitored when it is answered. */
  announceRecording?: boolean;
  /** Leads in all-party-consent states (ALL_PARTY_CONSENT_STATES) are not recorded unless the announcement is on. */
  noRecordingInConsentStates?: boolean;
  /** Outside numbers (E.164 or SIP URIs) an opener may transfer this campaign's leads to. */
  closingDesks?: Array<{ id: string; name: string; number: string }>;
  ownerId?: ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

export interface MembershipDoc {
  _id: ObjectId;
  userId: ObjectId;
  campaignId: ObjectId;
  joinedAt: Date;
}

export const campaignsCollection = (db: Db): Collection<CampaignDoc> => db.collection<CampaignDoc>('campaigns');
export const membershipsCollection = (db: Db): Collection<MembershipDoc> => db.collection<MembershipDoc>('memberships');

export async function ensureCampaignIndexes(db: Db): Promise<void> {
  await campaignsCollection(db).createIndex({ slug: 1 }, { unique: true });
  await campaignsCollection(db).createIndex({ ownerId: 1 });
  await membershipsCollection(db).createIndex({ userId: 1, campaignId: 1 }, { unique: true });
  await membershipsCollection(db).createIndex({ campaignId: 1, joinedAt: 1 });
}

export function findCampaignById(db: Db, id: string | ObjectId): Promise<CampaignDoc | null> {
  if (typeof id === 'string' && !ObjectId.isValid(id)) return Promise.resolve(null);
  return campaignsCollection(db).findOne({ _id: typeof id === 'string' ? new ObjectId(id) : id });
}

export function findCampaignBySlug(db: Db, slug: string): Promise<CampaignDoc | null> {
  return campaignsCollection(db).findOne({ slug });
}

export async function isMember(db: Db, userId: ObjectId, campaignId: ObjectId): Promise<boolean> {
  return (await membershipsCollection(db).countDocuments({ userId, campaignId }, { limit: 1 })) > 0;
}

/** Members of a campaign, longest-standing first (lead distribution). */
export async function listMemberUserIds(db: Db, campaignId: ObjectId): Promise<ObjectId[]> {
  const rows = await membershipsCollection(db)
    .find({ campaignId }, { projection: { userId: 1 } })
    .sort({ joinedAt: 1 })
    .toArray();
  return rows.map((m) => m.userId);
}

/** Ids of the campaigns a user owns (what an owner may see of leads and clients). */
export async function listCampaignIdsOwnedBy(db: Db, ownerId: ObjectId): Promise<ObjectId[]> {
  const rows = await campaignsCollection(db)
    .find({ ownerId }, { projection: { _id: 1 } })
    .toArray();
  return rows.map((c) => c._id);
}

/** Every campaign's id and idle window (the idle-lead sweep). */
export function listCampaignIdleWindows(db: Db): Promise<Array<Pick<CampaignDoc, '_id' | 'leadIdleHours'>>> {
  return campaignsCollection(db)
    .find({}, { projection: { _id: 1, leadIdleHours: 1 } })
    .toArray();
}

/**
 * From this node's campaign cache (server/platform/node-cache.ts; `updateCampaign` announces every change), the
 * missing ones in one read: campaigns are few and rarely change, and nearly every page of leads or calls names them.
 */
export async function findCampaignsByIds(db: Db, ids: ObjectId[]): Promise<CampaignDoc[]> {
  const unique = [...new Set(ids.map((id) => id.toHexString()))];
  if (unique.length === 0) return [];
  const campaigns = await cachedByIds(db, 'campaign', unique, async (missing) => {
    const rows = await campaignsCollection(db)
      .find({ _id: { $in: missing.map((id) => new ObjectId(id)) } })
      .toArray();
    return new Map(rows.map((c) => [c._id.toHexString(), c]));
  });
  return [...campaigns.values()];
}

/** Only the named fields of the campaigns: a page of leads needs names and slugs, not whole campaign documents. */
export async function findCampaignFieldsByIds<K extends keyof CampaignDoc>(
  db: Db,
  ids: ObjectId[],
  fields: readonly K[],
): Promise<Array<Pick<CampaignDoc, K | '_id'>>> {
  const campaigns = await findCampaignsByIds(db, ids);
  return campaigns.map(
    (c) =>
      Object.fromEntries([['_id', c._id], ...fields.filter((f) => f in c).map((f) => [f, c[f]])]) as Pick<
        CampaignDoc,
        K | '_id'
      >,
  );
}

/** `:id` of a route: the ObjectId or the slug. */
export async function findCampaignByIdOrSlug(db: Db, idOrSlug: string): Promise<CampaignDoc | null> {
  if (/^[0-9a-f]{24}$/.test(idOrSlug)) {
    const byId = await findCampaignById(db, idOrSlug);
    if (byId) return byId;
  }
  return findCampaignBySlug(db, idOrSlug.toLowerCase());
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface CampaignFilter {
  search?: string;
  status?: CampaignDoc['status'];
  role?: CampaignDoc['roleNeeded'];
  ids?: ObjectId[];
}

/** Search is a case-insensitive substring of the name or description; a role matches itself or 'Both'. */
export function listCampaigns(db: Db, filter: CampaignFilter, limit = 500): Promise<CampaignDoc[]> {
  const query: Record<string, unknown> = {};
  if (filter.search?.trim()) {
    const pattern = { $regex: escapeRegex(filter.search.trim()), $options: 'i' };
    query.$or = [{ name: pattern }, { description: pattern }];
  }
  if (filter.status) query.status = filter.status;
  if (filter.role) query.roleNeeded = filter.role === 'Both' ? 'Both' : { $in: [filter.role, 'Both'] };
  if (filter.ids) query._id = { $in: filter.ids };
  return campaignsCollection(db).find(query).sort({ status: 1, name: 1 }).limit(limit).toArray();
}

export async function agentCounts(db: Db, campaignIds: ObjectId[]): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await membershipsCollection(db)
    .aggregate<{ _id: ObjectId; count: number }>([
      { $match: { campaignId: { $in: campaignIds } } },
      { $group: { _id: '$campaignId', count: { $sum: 1 } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id.toHexString(), row.count]));
}

export async function campaignIdsOfMember(db: Db, userId: ObjectId): Promise<ObjectId[]> {
  const rows = await membershipsCollection(db)
    .find({ userId }, { projection: { campaignId: 1 } })
    .toArray();
  return rows.map((row) => row.campaignId);
}

export async function membersOf(db: Db, campaignId: ObjectId, userIds: ObjectId[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await membershipsCollection(db)
    .find({ campaignId, userId: { $in: userIds } }, { projection: { userId: 1 } })
    .toArray();
  return new Set(rows.map((row) => row.userId.toHexString()));
}

/** Idempotent: joining twice keeps the first join date. The server assigns the `_id` of an upserted membership. */
export async function addMembership(db: Db, userId: ObjectId, campaignId: ObjectId, at: Date): Promise<void> {
  try {
    await membershipsCollection(db).updateOne(
      { userId, campaignId },
      { $setOnInsert: { userId, campaignId, joinedAt: at } },
      { upsert: true },
    );
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}

export async function removeMembership(db: Db, userId: ObjectId, campaignId: ObjectId): Promise<void> {
  await membershipsCollection(db).deleteOne({ userId, campaignId });
}

export async function insertCampaign(db: Db, campaign: CampaignDoc): Promise<void> {
  await campaignsCollection(db).insertOne(campaign);
}

export async function updateCampaign(
  db: Db,
  id: ObjectId,
  set: Partial<CampaignDoc>,
  unset: string[] = [],
): Promise<CampaignDoc | null> {
  const updated = await campaignsCollection(db).findOneAndUpdate(
    { _id: id },
    { $set: set, ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, ''])) } : {}) },
    { returnDocument: 'after' },
  );
  await announceChange(db, 'campaign', [id]);
  return updated;
}

// Reads for other features (the overview's search, the Insights names): named here, so writes to campaigns stay in
// this file, beside the cache announcements they make.

/** `scope` undefined = every campaign (admins). */
export function searchCampaigns(
  db: Db,
  q: string,
  scope: ObjectId[] | undefined,
  limit: number,
): Promise<CampaignDoc[]> {
  const contains = { $regex: escapeRegex(q), $options: 'i' };
  return campaignsCollection(db)
    .find({
      ...(scope ? { _id: { $in: scope } } : {}),
      $or: [{ name: contains }, { description: contains }, { slug: contains }],
    })
    .sort({ name: 1 })
    .limit(limit)
    .toArray();
}

/** Names of these campaigns (undefined: every campaign), by name. */
export function campaignNames(db: Db, ids?: ObjectId[]): Promise<Array<{ _id: ObjectId; name: string }>> {
  return campaignsCollection(db)
    .find(ids ? { _id: { $in: ids } } : {}, { projection: { name: 1 } })
    .sort({ name: 1 })
    .toArray();
}
