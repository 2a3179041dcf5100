import type { Collection, Db, ObjectId } from 'mongodb';

export interface ScriptDoc {
  _id: ObjectId;
  /** Campaign slug. */
  campaign: string;
  title: string;
  category: string;
  type: 'call' | 'email' | 'follow-up';
  content: string;
  /** Position in the accordion. */
  order: number;
  updatedAt: Date;
  updatedBy?: ObjectId;
}

export const scriptsCollection = (db: Db): Collection<ScriptDoc> => db.collection<ScriptDoc>('scripts');

export async function ensureScriptIndexes(db: Db): Promise<void> {
  await scriptsCollection(db).createIndex({ campaign: 1, title: 1 }, { unique: true });
  await scriptsCollection(db).createIndex({ campaign: 1, order: 1 });
}

export function findScripts(db: Db, campaign: string | undefined): Promise<ScriptDoc[]> {
  return scriptsCollection(db)
    .find(campaign ? { campaign } : {})
    .sort({ campaign: 1, order: 1, _id: 1 })
    .limit(500)
    .toArray();
}

export function findScript(db: Db, id: ObjectId): Promise<ScriptDoc | null> {
  return scriptsCollection(db).findOne({ _id: id });
}

export function updateScript(
  db: Db,
  id: ObjectId,
  changes: Partial<Pick<ScriptDoc, 'title' | 'category' | 'type' | 'content'>>,
  by: ObjectId,
  at: Date,
) {
  return scriptsCollection(db).findOneAndUpdate(
    { _id: id },
    { $set: { ...changes, updatedBy: by, updatedAt: at } },
    { returnDocument: 'after' },
  );
}

/** Inserts the script unless this campaign already has one with this title (an edited script is kept). */
export async function insertScriptOnce(db: Db, script: Omit<ScriptDoc, '_id'>): Promise<void> {
  await scriptsCollection(db).updateOne(
    { campaign: script.campaign, title: script.title },
    { $setOnInsert: script },
    { upsert: true },
  );
}
