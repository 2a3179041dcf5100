import { ObjectId, type Collection, type Db } from 'mongodb';
import { isDuplicateKey } from '../../platform/db-errors.js';

export interface RebuttalDoc {
  _id: ObjectId;
  objection: string;
  campaign: string;
  category: string;
  rebuttal: string;
  effectiveness: number;
  updatedAt: Date;
}

export interface RebuttalInterestDoc {
  _id: ObjectId;
  email: string;
  userId?: ObjectId;
  createdAt: Date;
}

export const rebuttalsCollection = (db: Db): Collection<RebuttalDoc> => db.collection<RebuttalDoc>('rebuttals');
export const rebuttalInterestCollection = (db: Db): Collection<RebuttalInterestDoc> =>
  db.collection<RebuttalInterestDoc>('rebuttalInterest');

export async function ensureRebuttalIndexes(db: Db): Promise<void> {
  await rebuttalsCollection(db).createIndex({ objection: 1 }, { unique: true });
  await rebuttalInterestCollection(db).createIndex({ email: 1 }, { unique: true });
  await ensureCallListeningIndexes(db);
}

export function findRebuttals(db: Db): Promise<RebuttalDoc[]> {
  return rebuttalsCollection(db).find({}).sort({ effectiveness: -1, _id: 1 }).limit(100).toArray();
}

export async function upsertRebuttal(db: Db, rebuttal: Omit<RebuttalDoc, '_id'>): Promise<void> {
  await rebuttalsCollection(db).updateOne({ objection: rebuttal.objection }, { $set: rebuttal }, { upsert: true });
}

/** False when the address is already on the list (the unique index decides, also under races). */
export async function insertInterest(db: Db, doc: RebuttalInterestDoc): Promise<boolean> {
  try {
    await rebuttalInterestCollection(db).insertOne(doc);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** What the objection spotter heard in one call: kept as long as the call (a few phrases, no speech). */
export interface CallObjectionsDoc {
  _id: ObjectId;
  callId: ObjectId;
  agentId: ObjectId;
  campaignId?: ObjectId;
  leadId?: ObjectId;
  objections: Array<{ phrase: string; startMs: number; endMs: number; rebuttalId: ObjectId | null }>;
  createdAt: Date;
}

/** The lead's side of a call as machine-made text: removed after TRANSCRIPT_RETENTION_DAYS (TTL index). */
export interface CallTranscriptDoc {
  _id: ObjectId;
  callId: ObjectId;
  agentId: ObjectId;
  lines: Array<{ atMs: number; text: string }>;
  createdAt: Date;
}

/** docs/rebuttals.md, "What is stored, and for how long". */
export const TRANSCRIPT_RETENTION_DAYS = 90;

export const callObjectionsCollection = (db: Db): Collection<CallObjectionsDoc> =>
  db.collection<CallObjectionsDoc>('callObjections');
export const callTranscriptsCollection = (db: Db): Collection<CallTranscriptDoc> =>
  db.collection<CallTranscriptDoc>('callTranscripts');

export async function ensureCallListeningIndexes(db: Db): Promise<void> {
  await callObjectionsCollection(db).createIndex({ callId: 1 }, { unique: true });
  await callObjectionsCollection(db).createIndex({ campaignId: 1, createdAt: -1 });
  await callTranscriptsCollection(db).createIndex({ callId: 1 }, { unique: true });
  await callTranscriptsCollection(db).createIndex(
    { createdAt: 1 },
    { expireAfterSeconds: TRANSCRIPT_RETENTION_DAYS * 86_400 },
  );
}

export async function saveCallObjections(db: Db, doc: Omit<CallObjectionsDoc, '_id'>): Promise<void> {
  await callObjectionsCollection(db).updateOne(
    { callId: doc.callId },
    { $setOnInsert: { _id: new ObjectId() }, $set: doc },
    { upsert: true },
  );
}

export async function saveCallTranscript(db: Db, doc: Omit<CallTranscriptDoc, '_id'>): Promise<void> {
  await callTranscriptsCollection(db).updateOne(
    { callId: doc.callId },
    { $setOnInsert: { _id: new ObjectId() }, $set: doc },
    { upsert: true },
  );
}

export function findCallObjections(db: Db, callId: ObjectId): Promise<CallObjectionsDoc | null> {
  return callObjectionsCollection(db).findOne({ callId });
}

export function findCallTranscript(db: Db, callId: ObjectId): Promise<CallTranscriptDoc | null> {
  return callTranscriptsCollection(db).findOne({ callId });
}

/** Listened calls in a period: an agent's own (`agentId`), or those of some campaigns, or all (both null). */
export function listCallObjections(
  db: Db,
  scope: { agentId: ObjectId | null; campaignIds: ObjectId[] | null },
  from: Date,
  until: Date,
): Promise<CallObjectionsDoc[]> {
  return callObjectionsCollection(db)
    .find({
      ...(scope.agentId ? { agentId: scope.agentId } : {}),
      ...(scope.campaignIds ? { campaignId: { $in: scope.campaignIds } } : {}),
      createdAt: { $gte: from, $lt: until },
    })
    .limit(20_000)
    .toArray();
}

export function findRebuttalsByIds(db: Db, ids: ObjectId[]): Promise<RebuttalDoc[]> {
  return rebuttalsCollection(db)
    .find({ _id: { $in: ids } })
    .toArray();
}
