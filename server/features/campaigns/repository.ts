import { ObjectId, type Collection, type Db } from 'mongodb';

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
  /** IANA time zone used for calling hours when a lead has none. */
  timeZone: string;
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
