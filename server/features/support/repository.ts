import type { Collection, Db, ObjectId } from 'mongodb';

export interface SupportRequestDoc {
  _id: ObjectId;
  userId: ObjectId;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
}

export const supportRequestsCollection = (db: Db): Collection<SupportRequestDoc> =>
  db.collection<SupportRequestDoc>('supportRequests');

export async function ensureSupportIndexes(db: Db): Promise<void> {
  await supportRequestsCollection(db).createIndex({ userId: 1, createdAt: -1 });
}

export async function insertSupportRequest(db: Db, doc: SupportRequestDoc): Promise<void> {
  await supportRequestsCollection(db).insertOne(doc);
}
