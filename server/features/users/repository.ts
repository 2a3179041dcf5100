import { ObjectId, type Db, type Collection } from 'mongodb';
import type { PlanTier, PublicUser, Role } from '../../../shared/types/user.js';

export interface UserDoc {
  _id: ObjectId;
  email: string;
  name: string;
  passwordHash: string;
  role: Role;
  roleRequest?: { role: Role; status: 'pending' | 'approved' | 'rejected'; at: Date; decidedBy?: ObjectId; decidedAt?: Date };
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
  notificationPrefs?: Record<string, boolean>;
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
