import type { Collection, Db, Filter, ObjectId } from 'mongodb';
import type { PerkCategory } from '../../../shared/schemas/perks/list.js';

export interface PerkDoc {
  _id: ObjectId;
  title: string;
  description: string;
  location: string;
  discount: string;
  category: PerkCategory;
  isNew: boolean;
  isLimited: boolean;
  validUntil?: Date | null;
  /** The discount code; also the perk's natural key. */
  code: string;
  link?: string;
  createdAt: Date;
}

export const perksCollection = (db: Db): Collection<PerkDoc> => db.collection<PerkDoc>('perks');

export async function ensurePerkIndexes(db: Db): Promise<void> {
  await perksCollection(db).createIndex({ code: 1 }, { unique: true });
  await perksCollection(db).createIndex({ category: 1, createdAt: -1 });
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Live perks only: no validUntil, or one still ahead of `now`. */
export function findLivePerks(db: Db, now: Date, options: { category?: PerkCategory; q?: string }): Promise<PerkDoc[]> {
  const filter: Filter<PerkDoc> = {
    $and: [{ $or: [{ validUntil: { $exists: false } }, { validUntil: null }, { validUntil: { $gt: now } }] }],
  };
  if (options.category) filter.category = options.category;
  const q = options.q?.trim();
  if (q) {
    const pattern = { $regex: escapeRegex(q), $options: 'i' };
    filter.$and!.push({ $or: [{ title: pattern }, { description: pattern }] });
  }
  return perksCollection(db).find(filter).sort({ isNew: -1, createdAt: -1, _id: -1 }).limit(500).toArray();
}

/** Insert or refresh by code (the seed runs on every start). */
export async function upsertPerk(db: Db, perk: Omit<PerkDoc, '_id' | 'createdAt'>, now: Date): Promise<void> {
  // A relative expiry is fixed when the perk is first written; re-running the seed does not extend it.
  const { validUntil, ...rest } = perk;
  await perksCollection(db).updateOne(
    { code: perk.code },
    { $set: rest, $setOnInsert: { createdAt: now, ...(validUntil ? { validUntil } : {}) } },
    { upsert: true },
  );
}
