import { ObjectId, type Collection, type Db } from 'mongodb';

export interface InvitationDoc {
  _id: ObjectId;
  inviterId: ObjectId;
  email: string;
  status: 'sent' | 'accepted';
  createdAt: Date;
  acceptedAt?: Date;
  acceptedUserId?: ObjectId;
}

export const invitationsCollection = (db: Db): Collection<InvitationDoc> => db.collection<InvitationDoc>('invitations');

export async function ensureInvitationIndexes(db: Db): Promise<void> {
  await invitationsCollection(db).createIndex({ inviterId: 1, createdAt: -1 });
  await invitationsCollection(db).createIndex({ email: 1, status: 1 });
}

export async function insertInvitation(db: Db, doc: InvitationDoc): Promise<void> {
  await invitationsCollection(db).insertOne(doc);
}

export async function markInvitationsAccepted(db: Db, email: string, userId: ObjectId, at: Date): Promise<void> {
  await invitationsCollection(db).updateMany(
    { email, status: 'sent' },
    { $set: { status: 'accepted', acceptedAt: at, acceptedUserId: userId } },
  );
}
