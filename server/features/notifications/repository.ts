import { ObjectId, type Collection, type Db } from 'mongodb';
import type { NotificationType } from '../../../shared/schemas/notifications/list.js';

export interface NotificationDoc {
  _id: ObjectId;
  userId: ObjectId;
  type: NotificationType;
  title: string;
  body: string;
  link?: string;
  readAt: Date | null;
  createdAt: Date;
  /** Makes a retried job's notification a no-op instead of a duplicate. */
  key?: string;
}

export const notificationsCollection = (db: Db): Collection<NotificationDoc> => db.collection<NotificationDoc>('notifications');

export async function ensureNotificationIndexes(db: Db): Promise<void> {
  await notificationsCollection(db).createIndex({ userId: 1, _id: -1 });
  await notificationsCollection(db).createIndex({ userId: 1, readAt: 1 });
  await notificationsCollection(db).createIndex({ key: 1 }, { unique: true, partialFilterExpression: { key: { $type: 'string' } } });
}

/** False when a notification with the same key already exists. */
export async function insertNotification(db: Db, doc: NotificationDoc): Promise<boolean> {
  try {
    await notificationsCollection(db).insertOne(doc);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

export function listNotifications(db: Db, userId: ObjectId, limit: number, before?: ObjectId): Promise<NotificationDoc[]> {
  const filter = before ? { userId, _id: { $lt: before } } : { userId };
  return notificationsCollection(db).find(filter).sort({ _id: -1 }).limit(limit).toArray();
}

export function countUnread(db: Db, userId: ObjectId): Promise<number> {
  return notificationsCollection(db).countDocuments({ userId, readAt: null });
}

export async function markRead(db: Db, userId: ObjectId, ids: ObjectId[] | 'all', at: Date): Promise<void> {
  const filter = ids === 'all' ? { userId, readAt: null } : { userId, readAt: null, _id: { $in: ids } };
  await notificationsCollection(db).updateMany(filter, { $set: { readAt: at } });
}
