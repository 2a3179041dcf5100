import type { Collection, Db, Filter, FindCursor, ObjectId } from 'mongodb';
import { isDuplicateKey } from '../../platform/db-errors.js';

export interface WaitlistEntryDoc {
  _id: ObjectId;
  name: string;
  email: string;
  contact: string;
  campaignInterest: string;
  /** 1-based place in line, from an atomic counter. */
  position: number;
  earlyAccess: boolean;
  processed: boolean;
  /** Set by an admin (ACCESS_MODE=waitlist): an account made later with this e-mail starts with access. */
  accessGranted?: boolean;
  createdAt: Date;
}

interface CounterDoc {
  _id: string;
  seq: number;
}

export const waitlistCollection = (db: Db): Collection<WaitlistEntryDoc> => db.collection<WaitlistEntryDoc>('waitlist');
const counters = (db: Db) => db.collection<CounterDoc>('counters');

export async function ensureWaitlistIndexes(db: Db): Promise<void> {
  await waitlistCollection(db).createIndex({ email: 1 }, { unique: true });
  await waitlistCollection(db).createIndex({ position: 1 }, { unique: true });
  await waitlistCollection(db).createIndex({ createdAt: -1 });
}

export function findWaitlistEntryByEmail(db: Db, email: string): Promise<WaitlistEntryDoc | null> {
  return waitlistCollection(db).findOne({ email });
}

export async function nextWaitlistPosition(db: Db): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const counter = await counters(db).findOneAndUpdate(
        { _id: 'waitlist' },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      return counter!.seq;
    } catch (error) {
      // Two first-ever sign-ups can race to create the counter; the loser simply increments it.
      if (!isDuplicateKey(error) || attempt > 2) throw error;
    }
  }
}

/** Throws a duplicate-key error when the e-mail is already in line. */
export async function insertWaitlistEntry(db: Db, entry: WaitlistEntryDoc): Promise<void> {
  await waitlistCollection(db).insertOne(entry);
}

// The admin board's reads and decisions on the line.

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

export function listWaitlist(
  db: Db,
  filter: WaitlistFilter,
  afterPosition: number,
  limit: number,
): Promise<WaitlistEntryDoc[]> {
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
  return waitlistCollection(db).findOneAndUpdate(
    { _id: id },
    { $set: { accessGranted: true } },
    { returnDocument: 'after' },
  );
}
