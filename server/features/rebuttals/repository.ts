import type { Collection, Db, ObjectId } from 'mongodb';
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
