import { ObjectId, type Collection, type Db } from 'mongodb';
import { isDuplicateKey } from '../../platform/db-errors.js';

/** An AI-rebuttals library entry: written by the campaign's owner (or an admin), voted up by agents. */
export interface RebuttalDoc {
  _id: ObjectId;
  objection: string;
  /** More phrases the entry answers, besides the words of `objection`. */
  phrases: string[];
  /** Campaign slug. */
  campaign: string;
  category: string;
  rebuttal: string;
  /** Count of `rebuttalVotes` for the entry, kept beside it so the library sorts by it. */
  votes: number;
  createdBy?: ObjectId;
  updatedBy?: ObjectId;
  updatedAt: Date;
}

/** One agent's up-vote of one entry (the unique index makes it one per user). */
export interface RebuttalVoteDoc {
  _id: ObjectId;
  rebuttalId: ObjectId;
  userId: ObjectId;
  createdAt: Date;
}

export interface RebuttalInterestDoc {
  _id: ObjectId;
  email: string;
  userId?: ObjectId;
  createdAt: Date;
}

export const rebuttalsCollection = (db: Db): Collection<RebuttalDoc> => db.collection<RebuttalDoc>('rebuttals');
export const rebuttalVotesCollection = (db: Db): Collection<RebuttalVoteDoc> =>
  db.collection<RebuttalVoteDoc>('rebuttalVotes');
export const rebuttalInterestCollection = (db: Db): Collection<RebuttalInterestDoc> =>
  db.collection<RebuttalInterestDoc>('rebuttalInterest');

/** The first library was keyed by its objection alone; two campaigns may now answer the same objection. */
async function dropObjectionOnlyIndex(db: Db): Promise<void> {
  const indexes = await rebuttalsCollection(db)
    .indexes()
    .catch(() => []);
  if (indexes.some((index) => index.name === 'objection_1')) await rebuttalsCollection(db).dropIndex('objection_1');
}

export async function ensureRebuttalIndexes(db: Db): Promise<void> {
  await dropObjectionOnlyIndex(db);
  await rebuttalsCollection(db).createIndex({ campaign: 1, objection: 1 }, { unique: true });
  await rebuttalsCollection(db).createIndex({ votes: -1, _id: 1 });
  await rebuttalVotesCollection(db).createIndex({ rebuttalId: 1, userId: 1 }, { unique: true });
  await rebuttalVotesCollection(db).createIndex({ userId: 1 });
  await rebuttalInterestCollection(db).createIndex({ email: 1 }, { unique: true });
  await ensureCallListeningIndexes(db);
}

/** Most votes first; of equal votes, the older entry (it was there first). */
export function findRebuttals(db: Db): Promise<RebuttalDoc[]> {
  return rebuttalsCollection(db).find({}).sort({ votes: -1, _id: 1 }).limit(500).toArray();
}

export function findRebuttal(db: Db, id: ObjectId): Promise<RebuttalDoc | null> {
  return rebuttalsCollection(db).findOne({ _id: id });
}

export type RebuttalFields = Pick<RebuttalDoc, 'objection' | 'phrases' | 'campaign' | 'category' | 'rebuttal'>;

/** Null when the campaign already has an entry for this objection (the unique index decides, also under races). */
export async function insertRebuttal(
  db: Db,
  fields: RebuttalFields,
  by: ObjectId,
  at: Date,
): Promise<RebuttalDoc | null> {
  const doc: RebuttalDoc = { _id: new ObjectId(), ...fields, votes: 0, createdBy: by, updatedBy: by, updatedAt: at };
  try {
    await rebuttalsCollection(db).insertOne(doc);
    return doc;
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/** `'duplicate'` when the change would give the campaign two entries for one objection; null when it is gone. */
export async function updateRebuttal(
  db: Db,
  id: ObjectId,
  fields: RebuttalFields,
  by: ObjectId,
  at: Date,
): Promise<RebuttalDoc | null | 'duplicate'> {
  try {
    return await rebuttalsCollection(db).findOneAndUpdate(
      { _id: id },
      { $set: { ...fields, updatedBy: by, updatedAt: at } },
      { returnDocument: 'after' },
    );
  } catch (error) {
    if (isDuplicateKey(error)) return 'duplicate';
    throw error;
  }
}

/** The entry and its votes; false when it was already gone. */
export async function deleteRebuttal(db: Db, id: ObjectId): Promise<boolean> {
  const { deletedCount } = await rebuttalsCollection(db).deleteOne({ _id: id });
  await rebuttalVotesCollection(db).deleteMany({ rebuttalId: id });
  return deletedCount > 0;
}

/** The seed's entries: inserted once per campaign and objection, its text kept up to date, votes untouched. */
export async function upsertRebuttal(db: Db, fields: RebuttalFields, at: Date): Promise<ObjectId> {
  const saved = await rebuttalsCollection(db).findOneAndUpdate(
    { campaign: fields.campaign, objection: fields.objection },
    { $set: { ...fields, updatedAt: at }, $setOnInsert: { votes: 0 }, $unset: { effectiveness: '' } },
    { upsert: true, returnDocument: 'after' },
  );
  if (!saved) throw new Error(`rebuttal not saved: ${fields.objection}`);
  return saved._id;
}

/**
 * Sets one user's vote on an entry and keeps the entry's count in step. The vote document is the truth: the count
 * moves only when a vote was really added or removed, so a double click or a race cannot count twice. Null when the
 * entry is gone.
 */
export async function setRebuttalVote(
  db: Db,
  rebuttalId: ObjectId,
  userId: ObjectId,
  voted: boolean,
  at: Date,
): Promise<{ voted: boolean; votes: number } | null> {
  let change = 0;
  if (voted) {
    try {
      await rebuttalVotesCollection(db).insertOne({ _id: new ObjectId(), rebuttalId, userId, createdAt: at });
      change = 1;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  } else {
    const { deletedCount } = await rebuttalVotesCollection(db).deleteOne({ rebuttalId, userId });
    change = -deletedCount;
  }
  const entry = change
    ? await rebuttalsCollection(db).findOneAndUpdate(
        { _id: rebuttalId },
        { $inc: { votes: change } },
        { returnDocument: 'after' },
      )
    : await findRebuttal(db, rebuttalId);
  if (!entry) {
    await rebuttalVotesCollection(db).deleteMany({ rebuttalId });
    return null;
  }
  return { voted, votes: entry.votes };
}

export async function hasVoted(db: Db, rebuttalId: ObjectId, userId: ObjectId): Promise<boolean> {
  return (await rebuttalVotesCollection(db).countDocuments({ rebuttalId, userId }, { limit: 1 })) > 0;
}

/** The entries (of these) the user voted up. */
export async function votedRebuttalIds(db: Db, userId: ObjectId, ids: ObjectId[]): Promise<Set<string>> {
  const rows = await rebuttalVotesCollection(db)
    .find({ userId, rebuttalId: { $in: ids } }, { projection: { rebuttalId: 1 } })
    .toArray();
  return new Set(rows.map((row) => row.rebuttalId.toHexString()));
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
  objections: Array<{
    phrase: string;
    startMs: number;
    endMs: number;
    rebuttalId: ObjectId | null;
    /** The script paragraph shown instead, as it read during the call (absent on calls stored before it was kept). */
    script?: { scriptId: ObjectId; title: string; text: string } | null;
  }>;
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
