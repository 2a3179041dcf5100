import { ObjectId, type Db, type Collection, type Filter } from 'mongodb';
import type { PlanTier, PublicUser, Role } from '../../../shared/types/user.js';
import { announceChange, cachedById, cachedByIds, markRevoked } from '../../platform/node-cache.js';

export interface UserDoc {
  _id: ObjectId;
  email: string;
  name: string;
  passwordHash: string;
  role: Role;
  roleRequest?: {
    role: Role;
    status: 'pending' | 'approved' | 'rejected';
    at: Date;
    decidedBy?: ObjectId;
    decidedAt?: Date;
  };
  emailVerified: boolean;
  accessGranted: boolean;
  avatarSeed: string;
  contact?: string;
  referralCode: string;
  uplineId?: ObjectId;
  plan: { tier: PlanTier; trialEndsAt: Date };
  earlyAccess: boolean;
  activeCampaignId?: ObjectId;
  totp?: { secret: string; enabled: boolean; lastUsedStep?: number; recoveryCodeHashes?: string[] };
  /** Per notification type; a type not stored is on (shared/schemas/me/preferences.ts). */
  notificationPrefs?: Partial<Record<string, { inApp: boolean; toast: boolean }>>;
  /** Bumped when every session must end (password reset); access tokens carry it. */
  sessionVersion: number;
  createdAt: Date;
}

export const usersCollection = (db: Db): Collection<UserDoc> => db.collection<UserDoc>('users');

export async function ensureUserIndexes(db: Db): Promise<void> {
  const users = usersCollection(db);
  await users.createIndex({ email: 1 }, { unique: true });
  await users.createIndex({ referralCode: 1 }, { unique: true });
  await users.createIndex({ uplineId: 1 });
  await users.createIndex({ 'roleRequest.status': 1 });
}

export function findUserById(db: Db, id: string | ObjectId): Promise<UserDoc | null> {
  if (typeof id === 'string' && !ObjectId.isValid(id)) return Promise.resolve(null);
  return usersCollection(db).findOne({ _id: typeof id === 'string' ? new ObjectId(id) : id });
}

/**
 * The user an access token names, from this node's user cache when it may be trusted (server/platform/node-cache.ts:
 * every write below announces itself, so a role change, a password reset or a removal is seen on the next request).
 */
export function findSignedInUser(db: Db, id: string): Promise<UserDoc | null> {
  if (!ObjectId.isValid(id)) return Promise.resolve(null);
  return cachedById(db, 'user', id, () => readInNextBatch(db, id));
}

/** The ids whose users are read together once this turn of the event loop ends, per database. */
const unsentReads = new WeakMap<Db, { ids: Set<string>; rows: Promise<Map<string, UserDoc>> }>();

/**
 * Cache misses of one moment (a burst of socket handshakes after a restart, one request per user) are read with one
 * query instead of one each. A read joins only a batch whose query has not been sent yet, so it never sees a user
 * older than the moment it asked.
 */
async function readInNextBatch(db: Db, id: string): Promise<UserDoc | null> {
  let batch = unsentReads.get(db);
  if (!batch) {
    const ids = new Set<string>();
    const rows = new Promise<Map<string, UserDoc>>((resolve, reject) => {
      setImmediate(() => {
        unsentReads.delete(db);
        usersCollection(db)
          .find({ _id: { $in: [...ids].map((hex) => new ObjectId(hex)) } })
          .toArray()
          .then((users) => resolve(new Map(users.map((user) => [user._id.toHexString(), user]))), reject);
      });
    });
    batch = { ids, rows };
    unsentReads.set(db, batch);
  }
  const hex = new ObjectId(id).toHexString();
  batch.ids.add(hex);
  return (await batch.rows).get(hex) ?? null;
}

/** Removes the account (an operator's act; no route offers it); its tokens stop working on every node at once. */
export async function deleteUser(db: Db, userId: ObjectId): Promise<void> {
  await markRevoked(db, userId);
  await usersCollection(db).deleteOne({ _id: userId });
  await announceChange(db, 'user', [userId]);
}

export function findUserByEmail(db: Db, email: string): Promise<UserDoc | null> {
  return usersCollection(db).findOne({ email: email.trim().toLowerCase() });
}

export function toPublicUser(user: UserDoc): PublicUser {
  return {
    id: user._id.toHexString(),
    name: user.name,
    email: user.email,
    role: user.role,
    avatarSeed: user.avatarSeed,
    contact: user.contact,
    referralCode: user.referralCode,
    uplineId: user.uplineId?.toHexString(),
    plan: { tier: user.plan.tier, trialEndsAt: user.plan.trialEndsAt.toISOString() },
    roleRequest: user.roleRequest
      ? { role: user.roleRequest.role, status: user.roleRequest.status, at: user.roleRequest.at.toISOString() }
      : undefined,
    earlyAccess: user.earlyAccess,
    accessGranted: user.accessGranted,
    activeCampaignId: user.activeCampaignId?.toHexString(),
    twoFactorEnabled: Boolean(user.totp?.enabled),
    createdAt: user.createdAt.toISOString(),
  };
}

/** What other features show of a user (author lines, assignees, payees, standings). */
export interface UserSummary {
  _id: ObjectId;
  name: string;
  email: string;
  avatarSeed: string;
  role: Role;
}

/**
 * One query for every user a page shows, keyed by hex id; a deleted user is simply absent. Names are read at display
 * time, so a renamed user shows the new name on old posts, leads and payouts.
 */
export async function userSummaries(db: Db, ids: ObjectId[]): Promise<Map<string, UserSummary>> {
  const unique = [...new Set(ids.map((id) => id.toHexString()))];
  if (unique.length === 0) return new Map();
  // Whole documents, so the users a page names also serve their own next request from this node's user cache.
  const users = await cachedByIds(db, 'user', unique, async (missing) => {
    const rows = await usersCollection(db)
      .find({ _id: { $in: missing.map((id) => new ObjectId(id)) } })
      .toArray();
    return new Map(rows.map((u) => [u._id.toHexString(), u]));
  });
  return new Map(
    [...users].map(([id, u]) => [
      id,
      { _id: u._id, name: u.name, email: u.email, avatarSeed: u.avatarSeed, role: u.role },
    ]),
  );
}

/** Display names only, from the same read. */
export async function userNames(db: Db, ids: ObjectId[]): Promise<Map<string, string>> {
  const summaries = await userSummaries(db, ids);
  return new Map([...summaries].map(([id, summary]) => [id, summary.name]));
}

/** Throws a duplicate-key error (code 11000) when the e-mail or the referral code is taken. */
export async function insertUser(db: Db, user: UserDoc): Promise<void> {
  await usersCollection(db).insertOne(user);
}

export function findUserByReferralCode(db: Db, referralCode: string): Promise<UserDoc | null> {
  return usersCollection(db).findOne({ referralCode: referralCode.trim().toUpperCase() });
}

/** New password; bumping sessionVersion makes every access token issued before it invalid. */
export async function setPasswordAndEndSessions(db: Db, userId: ObjectId, passwordHash: string): Promise<void> {
  await markRevoked(db, userId);
  await usersCollection(db).updateOne({ _id: userId }, { $set: { passwordHash }, $inc: { sessionVersion: 1 } });
  await announceChange(db, 'user', [userId]);
}

/** Every access token issued so far stops being accepted; refresh tokens are not touched. */
export async function endAccessTokens(db: Db, userId: ObjectId): Promise<void> {
  await markRevoked(db, userId);
  await usersCollection(db).updateOne({ _id: userId }, { $inc: { sessionVersion: 1 } });
  await announceChange(db, 'user', [userId]);
}

export async function setUserRole(db: Db, userId: ObjectId, role: Role): Promise<void> {
  await markRevoked(db, userId);
  await usersCollection(db).updateOne({ _id: userId }, { $set: { role } });
  await announceChange(db, 'user', [userId]);
}

export async function setUserUpline(db: Db, userId: ObjectId, uplineId: ObjectId): Promise<void> {
  await usersCollection(db).updateOne({ _id: userId }, { $set: { uplineId } });
  await announceChange(db, 'user', [userId]);
}

/** Records a pending request unless one is already pending (its date is kept). */
export async function requestRole(db: Db, userId: ObjectId, role: Role, at: Date): Promise<void> {
  await usersCollection(db).updateOne(
    {
      _id: userId,
      $or: [
        { roleRequest: { $exists: false } },
        { 'roleRequest.status': { $ne: 'pending' } },
        { 'roleRequest.role': { $ne: role } },
      ],
    },
    { $set: { roleRequest: { role, status: 'pending', at } } },
  );
  await announceChange(db, 'user', [userId]);
}

export async function withdrawPendingRoleRequest(db: Db, userId: ObjectId): Promise<void> {
  await usersCollection(db).updateOne(
    { _id: userId, 'roleRequest.status': 'pending' },
    { $unset: { roleRequest: '' } },
  );
  await announceChange(db, 'user', [userId]);
}

/** A fresh, not yet active TOTP secret (replaces an unfinished setup). */
export async function storeTotpSecret(db: Db, userId: ObjectId, secret: string): Promise<void> {
  await usersCollection(db).updateOne(
    { _id: userId, 'totp.enabled': { $ne: true } },
    { $set: { totp: { secret, enabled: false } } },
  );
  await announceChange(db, 'user', [userId]);
}

export async function enableTotp(
  db: Db,
  userId: ObjectId,
  secret: string,
  step: number,
  recoveryCodeHashes: string[],
): Promise<boolean> {
  const result = await usersCollection(db).updateOne(
    { _id: userId, 'totp.secret': secret, 'totp.enabled': false },
    { $set: { totp: { secret, enabled: true, lastUsedStep: step, recoveryCodeHashes } } },
  );
  if (result.modifiedCount === 1) await announceChange(db, 'user', [userId]);
  return result.modifiedCount === 1;
}

/** Atomically records the time step of an accepted code; false when it (or a later one) was already used. */
export async function claimTotpStep(db: Db, userId: ObjectId, step: number): Promise<boolean> {
  const result = await usersCollection(db).updateOne(
    { _id: userId, $or: [{ 'totp.lastUsedStep': { $exists: false } }, { 'totp.lastUsedStep': { $lt: step } }] },
    { $set: { 'totp.lastUsedStep': step } },
  );
  if (result.modifiedCount === 1) await announceChange(db, 'user', [userId]);
  return result.modifiedCount === 1;
}

/** Removes one recovery code; false when it was not there (wrong or already used). */
export async function consumeRecoveryCode(db: Db, userId: ObjectId, codeHash: string): Promise<boolean> {
  const result = await usersCollection(db).updateOne(
    { _id: userId, 'totp.enabled': true, 'totp.recoveryCodeHashes': codeHash },
    { $pull: { 'totp.recoveryCodeHashes': codeHash } },
  );
  if (result.modifiedCount === 1) await announceChange(db, 'user', [userId]);
  return result.modifiedCount === 1;
}

export async function removeTotp(db: Db, userId: ObjectId): Promise<void> {
  await usersCollection(db).updateOne({ _id: userId }, { $unset: { totp: '' } });
  await announceChange(db, 'user', [userId]);
}

/** Name and/or contact (already trimmed); the updated user, or null when it no longer exists. */
export async function updateUserProfile(
  db: Db,
  userId: ObjectId,
  changes: { name?: string; contact?: string },
): Promise<UserDoc | null> {
  const updated = await usersCollection(db).findOneAndUpdate(
    { _id: userId },
    { $set: changes },
    { returnDocument: 'after' },
  );
  await announceChange(db, 'user', [userId]);
  return updated;
}

export async function setNotificationPrefs(
  db: Db,
  userId: ObjectId,
  prefs: NonNullable<UserDoc['notificationPrefs']>,
): Promise<void> {
  await usersCollection(db).updateOne({ _id: userId }, { $set: { notificationPrefs: prefs } });
  await announceChange(db, 'user', [userId]);
}

/** Of these users, the ones who turned this notification type off in the app (one indexed read, ids only). */
export async function usersMutingInApp(db: Db, userIds: ObjectId[], type: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const muted = await usersCollection(db)
    .find(
      { _id: userIds.length === 1 ? userIds[0] : { $in: userIds }, [`notificationPrefs.${type}.inApp`]: false },
      { projection: { _id: 1 } },
    )
    .toArray();
  return new Set(muted.map((user) => user._id.toHexString()));
}

export async function setActiveCampaign(db: Db, userId: ObjectId, campaignId: ObjectId | null): Promise<void> {
  await usersCollection(db).updateOne(
    { _id: userId },
    campaignId ? { $set: { activeCampaignId: campaignId } } : { $unset: { activeCampaignId: '' } },
  );
  await announceChange(db, 'user', [userId]);
}

/** Leaving a campaign also clears it as the active one. */
export async function clearActiveCampaignIf(db: Db, userId: ObjectId, campaignId: ObjectId): Promise<void> {
  const result = await usersCollection(db).updateOne(
    { _id: userId, activeCampaignId: campaignId },
    { $unset: { activeCampaignId: '' } },
  );
  if (result.modifiedCount > 0) await announceChange(db, 'user', [userId]);
}

/** Which of these users are agents (role sales): only they receive leads from distribution. */
export async function salesAgentsAmong(db: Db, ids: ObjectId[]): Promise<Array<{ _id: ObjectId; name: string }>> {
  if (ids.length === 0) return [];
  return usersCollection(db)
    .find({ _id: { $in: ids }, role: 'sales' }, { projection: { _id: 1, name: 1 } })
    .toArray();
}

// The admin board's access grants and role requests.

/** True when an account with this e-mail exists (whether or not it already had access). */
export async function grantAccountAccess(db: Db, email: string): Promise<boolean> {
  const user = await usersCollection(db).findOneAndUpdate(
    { email },
    { $set: { accessGranted: true } },
    { projection: { _id: 1 } },
  );
  if (user) await announceChange(db, 'user', [user._id]);
  return user !== null;
}

/** Accounts among these e-mails, with their access flag. */
export async function accountsByEmail(db: Db, emails: string[]): Promise<Map<string, boolean>> {
  if (emails.length === 0) return new Map();
  const users = await usersCollection(db)
    .find({ email: { $in: emails } }, { projection: { email: 1, accessGranted: 1 } })
    .toArray();
  return new Map(users.map((u) => [u.email, Boolean(u.accessGranted)]));
}

export function listRoleRequests(db: Db, status: 'pending' | 'approved' | 'rejected' | 'all'): Promise<UserDoc[]> {
  const filter: Filter<UserDoc> =
    status === 'all' ? { roleRequest: { $exists: true } } : { 'roleRequest.status': status };
  return usersCollection(db).find(filter).sort({ 'roleRequest.at': 1, _id: 1 }).limit(500).toArray();
}

/**
 * Decides a pending request exactly once (two admins clicking at once: one wins, the other gets null).
 * Approving sets the requested role in the same update.
 */
export async function decideRoleRequest(
  db: Db,
  userId: ObjectId,
  approve: boolean,
  adminId: ObjectId,
  at: Date,
): Promise<UserDoc | null> {
  const user = await usersCollection(db).findOne({ _id: userId, 'roleRequest.status': 'pending' });
  if (!user?.roleRequest) return null;
  const requested: Role = user.roleRequest.role;
  const set: Record<string, unknown> = {
    'roleRequest.status': approve ? 'approved' : 'rejected',
    'roleRequest.decidedBy': adminId,
    'roleRequest.decidedAt': at,
  };
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
