import { GridFSBucket, ObjectId, type Collection, type Db } from 'mongodb';
import type { ImportMapping, ImportStatusName } from '../../../shared/schemas/leads/import.js';

export interface LeadImportDoc {
  _id: ObjectId;
  campaignId: ObjectId;
  userId: ObjectId;
  fileId: ObjectId;
  fileName: string;
  size: number;
  /** Header row of the file, as written. */
  columns: string[];
  /** Column index -> lead field, or absent for `details`. */
  mapping: ImportMapping;
  totalRows: number;
  status: ImportStatusName | 'finalizing';
  rowsRead: number;
  imported: number;
  skipped: number;
  reasons: Record<string, number>;
  error?: string;
  createdAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
}

/** One skipped row of an import, for the downloadable report. */
export interface ImportRejectDoc {
  _id: ObjectId;
  importId: ObjectId;
  line: number;
  reason: string;
  values: string[];
}

export const leadImportsCollection = (db: Db): Collection<LeadImportDoc> => db.collection<LeadImportDoc>('leadImports');
export const importRejectsCollection = (db: Db): Collection<ImportRejectDoc> =>
  db.collection<ImportRejectDoc>('leadImportRejects');
export const importsBucket = (db: Db): GridFSBucket => new GridFSBucket(db, { bucketName: 'imports' });

export async function ensureLeadImportIndexes(db: Db): Promise<void> {
  await leadImportsCollection(db).createIndex({ userId: 1, _id: -1 });
  await importRejectsCollection(db).createIndex({ importId: 1, line: 1 }, { unique: true });
}

export function findImportById(db: Db, id: string | ObjectId): Promise<LeadImportDoc | null> {
  if (typeof id === 'string' && !ObjectId.isValid(id)) return Promise.resolve(null);
  return leadImportsCollection(db).findOne({ _id: typeof id === 'string' ? new ObjectId(id) : id });
}

export async function insertImport(db: Db, doc: LeadImportDoc): Promise<void> {
  await leadImportsCollection(db).insertOne(doc);
}

export async function updateImport(db: Db, id: ObjectId, set: Partial<LeadImportDoc>): Promise<void> {
  await leadImportsCollection(db).updateOne({ _id: id }, { $set: set });
}

export async function insertRejects(db: Db, rejects: ImportRejectDoc[]): Promise<void> {
  if (rejects.length) await importRejectsCollection(db).insertMany(rejects, { ordered: false });
}

export async function deleteRejects(db: Db, importId: ObjectId): Promise<void> {
  await importRejectsCollection(db).deleteMany({ importId });
}

export function rejectsOf(db: Db, importId: ObjectId) {
  return importRejectsCollection(db).find({ importId }).sort({ line: 1 });
}

export async function deleteStoredFile(db: Db, fileId: ObjectId): Promise<void> {
  try {
    await importsBucket(db).delete(fileId);
  } catch (error) {
    // Already gone (a re-run job): nothing to do.
    if (!String((error as Error).message).includes('File not found')) throw error;
  }
}
