import type { Collection, Db, ObjectId } from 'mongodb';

/** A registration waiting for its e-mail code. The user document is only written once the code is right. */
export interface VerificationDoc {
  _id: ObjectId;
  email: string;
  codeHash: string;
  /** Tries against the current code, right or wrong; a new code resets it. */
  attempts: number;
  lastSentAt: Date;
  expiresAt: Date;
  /** How many codes were sent; part of each e-mail's idempotency key. */
  sendCount: number;
  name: string;
  passwordHash: string;
  uplineId?: ObjectId;
  createdAt: Date;
}

export interface RefreshTokenDoc {
  _id: ObjectId;
  userId: ObjectId;
  tokenHash: string;
  /** Every token rotated from one sign-in shares a family; reuse of a rotated token revokes the family. */
  family: string;
  persistent: boolean;
  createdAt: Date;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

export interface PasswordResetDoc {
  _id: ObjectId;
  userId: ObjectId;
  email: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  createdAt: Date;
}

export const verificationsCollection = (db: Db): Collection<VerificationDoc> =>
  db.collection<VerificationDoc>('verifications');
export const refreshTokensCollection = (db: Db): Collection<RefreshTokenDoc> =>
  db.collection<RefreshTokenDoc>('refreshTokens');
export const passwordResetsCollection = (db: Db): Collection<PasswordResetDoc> =>
  db.collection<PasswordResetDoc>('passwordResets');

export async function ensureAuthIndexes(db: Db): Promise<void> {
  await verificationsCollection(db).createIndex({ email: 1 }, { unique: true });
  await verificationsCollection(db).createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  await refreshTokensCollection(db).createIndex({ tokenHash: 1 }, { unique: true });
  await refreshTokensCollection(db).createIndex({ family: 1 });
  await refreshTokensCollection(db).createIndex({ userId: 1 });
  await refreshTokensCollection(db).createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  await passwordResetsCollection(db).createIndex({ userId: 1 }, { unique: true });
  await passwordResetsCollection(db).createIndex({ email: 1 });
  await passwordResetsCollection(db).createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
}

// --- verifications ---

export function findVerification(db: Db, email: string): Promise<VerificationDoc | null> {
  return verificationsCollection(db).findOne({ email });
}

/** Creates or replaces the pending registration of an e-mail with a new code. */
export async function savePendingRegistration(
  db: Db,
  pending: Pick<
    VerificationDoc,
    'email' | 'name' | 'passwordHash' | 'codeHash' | 'lastSentAt' | 'expiresAt' | 'uplineId'
  >,
): Promise<VerificationDoc> {
  const { uplineId, ...fields } = pending;
  const doc = await verificationsCollection(db).findOneAndUpdate(
    { email: pending.email },
    {
      $set: { ...fields, attempts: 0, ...(uplineId ? { uplineId } : {}) },
      ...(uplineId ? {} : { $unset: { uplineId: '' as const } }),
      $inc: { sendCount: 1 },
      $setOnInsert: { createdAt: pending.lastSentAt },
    },
    { upsert: true, returnDocument: 'after' },
  );
  return doc!;
}

/** Puts a new code in place only when the cooldown has passed and the registration is still alive. */
export function replaceCodeAfterCooldown(
  db: Db,
  email: string,
  update: { codeHash: string; now: Date; cooldownStartedBefore: Date; expiresAt: Date },
): Promise<VerificationDoc | null> {
  return verificationsCollection(db).findOneAndUpdate(
    { email, lastSentAt: { $lte: update.cooldownStartedBefore }, expiresAt: { $gt: update.now } },
    {
      $set: { codeHash: update.codeHash, attempts: 0, lastSentAt: update.now, expiresAt: update.expiresAt },
      $inc: { sendCount: 1 },
    },
    { returnDocument: 'after' },
  );
}

/** Counts a try before the code is compared, so parallel guesses cannot exceed the limit. Null: expired, missing or out of tries. */
export function countVerificationAttempt(
  db: Db,
  email: string,
  now: Date,
  maxAttempts: number,
): Promise<VerificationDoc | null> {
  return verificationsCollection(db).findOneAndUpdate(
    { email, expiresAt: { $gt: now }, attempts: { $lt: maxAttempts } },
    { $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  );
}

/** Removes the registration if its code is still this one; null when another request got there first. */
export function claimVerification(db: Db, id: ObjectId, codeHash: string): Promise<VerificationDoc | null> {
  return verificationsCollection(db).findOneAndDelete({ _id: id, codeHash });
}

// --- refresh tokens ---

export async function insertRefreshToken(db: Db, token: RefreshTokenDoc): Promise<void> {
  await refreshTokensCollection(db).insertOne(token);
}

export function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenDoc | null> {
  return refreshTokensCollection(db).findOne({ tokenHash });
}

/** Marks a live token rotated and returns it; null when it is unknown, expired, revoked or already rotated. */
export function markRefreshTokenRotated(db: Db, tokenHash: string, now: Date): Promise<RefreshTokenDoc | null> {
  return refreshTokensCollection(db).findOneAndUpdate(
    { tokenHash, rotatedAt: null, revokedAt: null, expiresAt: { $gt: now } },
    { $set: { rotatedAt: now } },
  );
}

export async function revokeRefreshFamily(db: Db, family: string, now: Date): Promise<void> {
  await refreshTokensCollection(db).updateMany({ family, revokedAt: null }, { $set: { revokedAt: now } });
}

export async function revokeUserRefreshTokens(db: Db, userId: ObjectId, now: Date): Promise<void> {
  await refreshTokensCollection(db).updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
}

// --- password resets ---

/** One live reset code per user: a new request replaces the previous code. */
export async function savePasswordReset(db: Db, reset: Omit<PasswordResetDoc, '_id' | 'attempts'>): Promise<void> {
  await passwordResetsCollection(db).updateOne(
    { userId: reset.userId },
    { $set: { ...reset, attempts: 0 } },
    { upsert: true },
  );
}

export function countPasswordResetAttempt(
  db: Db,
  email: string,
  now: Date,
  maxAttempts: number,
): Promise<PasswordResetDoc | null> {
  return passwordResetsCollection(db).findOneAndUpdate(
    { email, expiresAt: { $gt: now }, attempts: { $lt: maxAttempts } },
    { $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  );
}

export function claimPasswordReset(db: Db, id: ObjectId, codeHash: string): Promise<PasswordResetDoc | null> {
  return passwordResetsCollection(db).findOneAndDelete({ _id: id, codeHash });
}
