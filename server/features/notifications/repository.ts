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
  /** Notifications about the same thing (the likes of one post) are gathered under one group. */
  group?: string;
  /** The group, while unread: a user has at most one unread notification per group (unique index). */
  openGroup?: string;
  /** Who a grouped notification is about, oldest first. */
  actors?: NotificationActor[];
}

export interface NotificationActor {
  id: ObjectId;
  name: string;
}

export const notificationsCollection = (db: Db): Collection<NotificationDoc> =>
  db.collection<NotificationDoc>('notifications');

export async function ensureNotificationIndexes(db: Db): Promise<void> {
  await notificationsCollection(db).createIndex({ userId: 1, _id: -1 });
  await notificationsCollection(db).createIndex({ userId: 1, readAt: 1 });
  await notificationsCollection(db).createIndex(
    { key: 1 },
    { unique: true, partialFilterExpression: { key: { $type: 'string' } } },
  );
  await notificationsCollection(db).createIndex(
    { userId: 1, openGroup: 1 },
    { unique: true, partialFilterExpression: { openGroup: { $type: 'string' } } },
  );
  await notificationsCollection(db).createIndex(
    { userId: 1, group: 1 },
    { partialFilterExpression: { group: { $type: 'string' } } },
  );
}

/** Whether the user was ever told about this actor in this group (read or not). */
export async function groupHasActor(db: Db, userId: ObjectId, group: string, actorId: ObjectId): Promise<boolean> {
  return (await notificationsCollection(db).countDocuments({ userId, group, 'actors.id': actorId }, { limit: 1 })) > 0;
}

/** Removes and answers the user's unread notification of this group, to be replaced by an up-to-date one. */
export function takeOpenGroup(db: Db, userId: ObjectId, group: string): Promise<NotificationDoc | null> {
  return notificationsCollection(db).findOneAndDelete({ userId, openGroup: group });
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

/** Inserts many at once; answers the ones actually written (a key already used is skipped, not duplicated). */
export async function insertNotifications(db: Db, docs: NotificationDoc[]): Promise<NotificationDoc[]> {
  if (docs.length === 0) return [];
  try {
    await notificationsCollection(db).insertMany(docs, { ordered: false });
    return docs;
  } catch (error) {
    const raw = (error as { writeErrors?: Array<{ index: number; code: number }> | { index: number; code: number } })
      .writeErrors;
    const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
    if (list.length === 0 || list.some((e) => e.code !== 11000)) throw error;
    const skipped = new Set(list.map((e) => e.index));
    return docs.filter((_, i) => !skipped.has(i));
  }
}

export interface NotificationFilter {
  unreadOnly?: boolean;
  type?: NotificationType;
}

export function listNotifications(
  db: Db,
  userId: ObjectId,
  limit: number,
  before?: ObjectId,
  filter: NotificationFilter = {},
): Promise<NotificationDoc[]> {
  return notificationsCollection(db)
    .find({
      userId,
      ...(before ? { _id: { $lt: before } } : {}),
      ...(filter.unreadOnly ? { readAt: null } : {}),
      ...(filter.type ? { type: filter.type } : {}),
    })
    .sort({ _id: -1 })
    .limit(limit)
    .toArray();
}

export function countUnread(db: Db, userId: ObjectId): Promise<number> {
  return notificationsCollection(db).countDocuments({ userId, readAt: null });
}

/**
 * Unread counts of several users. One indexed count per user: a `$match`+`$group` aggregate would be one round trip,
 * but the embedded server runs aggregates without indexes (a full scan per call).
 */
export async function countUnreadOf(db: Db, userIds: ObjectId[]): Promise<Map<string, number>> {
  const counts = await Promise.all(
    userIds.map(async (userId) => [userId.toHexString(), await countUnread(db, userId)] as const),
  );
  return new Map(counts);
}

export async function markRead(db: Db, userId: ObjectId, ids: ObjectId[] | 'all', at: Date): Promise<void> {
  const filter = ids === 'all' ? { userId, readAt: null } : { userId, readAt: null, _id: { $in: ids } };
  // A read notification closes its group: the next like of the post starts a new unread one.
  await notificationsCollection(db).updateMany(filter, { $set: { readAt: at }, $unset: { openGroup: '' } });
}
