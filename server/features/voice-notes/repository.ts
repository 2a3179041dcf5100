import type { Collection, Db, Filter, ObjectId, Sort, UpdateFilter } from 'mongodb';

export interface VoiceNoteDoc {
  _id: ObjectId;
  title: string;
  campaign: string | null;
  /** Seconds, as the recorder measured them. */
  duration: number;
  fileId: ObjectId;
  contentType: string;
  size: number;
  /** Typed by the author; there is no automatic transcription. */
  transcription?: string;
  createdBy: ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

export const voiceNotesCollection = (db: Db): Collection<VoiceNoteDoc> => db.collection<VoiceNoteDoc>('voiceNotes');

export async function ensureVoiceNoteIndexes(db: Db): Promise<void> {
  await voiceNotesCollection(db).createIndex({ createdAt: -1 });
  await voiceNotesCollection(db).createIndex({ campaign: 1, createdAt: -1 });
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function listVoiceNotes(
  db: Db,
  query: {
    q?: string;
    campaign?: string;
    sort: { field: 'createdAt' | 'title' | 'duration'; direction: 1 | -1 };
    limit: number;
  },
): Promise<VoiceNoteDoc[]> {
  const filter: Filter<VoiceNoteDoc> = {};
  if (query.campaign) filter.campaign = query.campaign;
  const q = query.q?.trim();
  if (q) {
    const pattern = { $regex: escapeRegex(q), $options: 'i' };
    filter.$or = [{ title: pattern }, { transcription: pattern }];
  }
  const sort: Sort = { [query.sort.field]: query.sort.direction, _id: query.sort.direction };
  return voiceNotesCollection(db).find(filter).sort(sort).limit(query.limit).toArray();
}

export async function insertVoiceNote(db: Db, note: VoiceNoteDoc): Promise<void> {
  await voiceNotesCollection(db).insertOne(note);
}

export function findVoiceNote(db: Db, id: ObjectId): Promise<VoiceNoteDoc | null> {
  return voiceNotesCollection(db).findOne({ _id: id });
}

export function updateVoiceNote(
  db: Db,
  id: ObjectId,
  set: Partial<Pick<VoiceNoteDoc, 'title' | 'transcription'>>,
  unset: Array<'transcription'>,
  at: Date,
) {
  const update: UpdateFilter<VoiceNoteDoc> = { $set: { ...set, updatedAt: at } };
  if (unset.length)
    update.$unset = Object.fromEntries(unset.map((k) => [k, ''])) as UpdateFilter<VoiceNoteDoc>['$unset'];
  return voiceNotesCollection(db).findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' });
}

export async function deleteVoiceNoteRecord(db: Db, id: ObjectId): Promise<boolean> {
  return (await voiceNotesCollection(db).deleteOne({ _id: id })).deletedCount === 1;
}
