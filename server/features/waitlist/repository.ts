import type { Collection, Db, ObjectId } from 'mongodb';
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
      const counter = await counters(db).findOneAndUpdate({ _id: 'waitlist' }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
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
