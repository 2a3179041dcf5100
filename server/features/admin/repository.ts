import type { Db, Filter, FindCursor, ObjectId } from 'mongodb';
import type { Role } from '../../../shared/types/user.js';
import { announceChange, markRevoked } from '../../platform/node-cache.js';
import { usersCollection, type UserDoc } from '../users/public.js';
import { waitlistCollection, type WaitlistEntryDoc } from '../waitlist/public.js';

export interface WaitlistFilter {
  q?: string;
  processed?: boolean;
  earlyAccess?: boolean;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function waitlistFilter(filter: WaitlistFilter): Filter<WaitlistEntryDoc> {
  const where: Filter<WaitlistEntryDoc> = {};
  if (filter.processed !== undefined) where.processed = filter.processed;
  if (filter.earlyAccess !== undefined) where.earlyAccess = filter.earlyAccess;
  const q = filter.q?.trim();
  if (q) {
    const pattern = { $regex: escapeRegex(q), $options: 'i' };
    where.$or = [{ name: pattern }, { email: pattern }, { contact: pattern }, { campaignInterest: pattern }];
  }
  return where;
}

export function listWaitlist(db: Db, filter: WaitlistFilter, afterPosition: number, limit: number): Promise<WaitlistEntryDoc[]> {
  return waitlistCollection(db)
    .find({ ...waitlistFilter(filter), position: { $gt: afterPosition } })
    .sort({ position: 1 })
    .limit(limit)
    .toArray();
}

export function countWaitlist(db: Db, filter: WaitlistFilter): Promise<number> {
  return waitlistCollection(db).countDocuments(waitlistFilter(filter));
}

/** Every entry by position, streamed (the CSV export never holds the whole list in memory). */
export function streamWaitlist(db: Db): FindCursor<WaitlistEntryDoc> {
  return waitlistCollection(db).find({}).sort({ position: 1 }).batchSize(500);
}

export function findWaitlistEntry(db: Db, id: ObjectId): Promise<WaitlistEntryDoc | null> {
  return waitlistCollection(db).findOne({ _id: id });
}

export function setWaitlistProcessed(db: Db, id: ObjectId, processed: boolean): Promise<WaitlistEntryDoc | null> {
  return waitlistCollection(db).findOneAndUpdate({ _id: id }, { $set: { processed } }, { returnDocument: 'after' });
}

export function markWaitlistGranted(db: Db, id: ObjectId): Promise<WaitlistEntryDoc | null> {
  return waitlistCollection(db).findOneAndUpdate({ _id: id }, { $set: { accessGranted: true } }, { returnDocument: 'after' });
}

/** True when an account with this e-mail exists (whether or not it already had access). */
export async function grantAccountAccess(db: Db, email: string): Promise<boolean> {
  const user = await usersCollection(db).findOneAndUpdate({ email }, { $set: { accessGranted: true } }, { projection: { _id: 1 } });
  if (user) await announceChange(db, 'user', [user._id]);
  return user !== null;
}

/** Accounts among these e-mails, with their access flag. */
export async function accountsByEmail(db: Db, emails: string[]): Promise<Map<string, boolean>> {
  if (emails.length === 0) return new Map();
  const users = await usersCollection(db).find({ email: { $in: emails } }, { projection: { email: 1, accessGranted: 1 } }).toArray();
  return new Map(users.map((u) => [u.email, Boolean(u.accessGranted)]));
}

export function listRoleRequests(db: Db, status: 'pending' | 'approved' | 'rejected' | 'all'): Promise<UserDoc[]> {
  const filter: Filter<UserDoc> = status === 'all' ? { roleRequest: { $exists: true } } : { 'roleRequest.status': status };
  return usersCollection(db).find(filter).sort({ 'roleRequest.at': 1, _id: 1 }).limit(500).toArray();
}

/**
 * Decides a pending request exactly once (two admins clicking at once: one wins, the other gets null).
 * Approving sets the requested role in the same update.
 */
export async function decideRoleRequest(db: Db, userId: ObjectId, approve: boolean, adminId: ObjectId, at: Date): Promise<UserDoc | null> {
  const user = await usersCollection(db).findOne({ _id: userId, 'roleRequest.status': 'pending' });
  if (!user?.roleRequest) return null;
  const requested: Role = user.roleRequest.role;
  const set: Record<string, unknown> = { 'roleRequest.status': approve ? 'approved' : 'rejected', 'roleRequest.decidedBy': adminId, 'roleRequest.decidedAt': at };
  if (approve) {
    set.role = requested;
    await markRevoked(db, userId);
  }
  const decided = await usersCollection(db).findOneAndUpdate(
    { _id: userId, 'roleRequest.status': 'pending', 'roleRequest.role': requested },
    { $set: set },
    { returnDocument: 'after' },
  );
  if (decided) await announceChange(db, 'user', [userId]);
  return decided;
}
