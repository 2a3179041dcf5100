import { ObjectId } from 'mongodb';
import type { NotificationItem, NotificationList, NotificationType } from '../../../shared/schemas/notifications/list.js';
import type { Platform } from '../../platform/context.js';
import { emitNotificationCount, emitNotificationNew } from './events.js';
import { countUnread, insertNotification, listNotifications, markRead, type NotificationDoc } from './repository.js';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  body: string;
  link?: string;
  /** Idempotency key: the same key never notifies twice (retried jobs). */
  key?: string;
}

export function toNotificationItem(doc: NotificationDoc): NotificationItem {
  return {
    id: doc._id.toHexString(),
    type: doc.type,
    title: doc.title,
    body: doc.body,
    ...(doc.link ? { link: doc.link } : {}),
    read: doc.readAt !== null,
    createdAt: doc.createdAt.toISOString(),
  };
}

/** Stores the notification, then pushes it and the new unread count to every tab of the user. */
export async function notify(platform: Platform, userId: ObjectId, input: NotificationInput): Promise<void> {
  const doc: NotificationDoc = { _id: new ObjectId(), userId, readAt: null, createdAt: platform.clock.now(), ...input };
  if (!input.key) delete doc.key;
  if (!(await insertNotification(platform.db, doc))) return;
  const id = userId.toHexString();
  emitNotificationNew(platform, id, toNotificationItem(doc));
  emitNotificationCount(platform, id, await countUnread(platform.db, userId));
}

export async function notificationsOf(platform: Platform, userId: ObjectId, cursor: string | undefined, limit = 20): Promise<NotificationList> {
  const docs = await listNotifications(platform.db, userId, limit + 1, cursor ? new ObjectId(cursor) : undefined);
  const page = docs.slice(0, limit);
  return {
    items: page.map(toNotificationItem),
    unread: await countUnread(platform.db, userId),
    nextCursor: docs.length > limit ? page[page.length - 1]._id.toHexString() : null,
  };
}

export async function markNotificationsRead(platform: Platform, userId: ObjectId, ids: string[] | 'all'): Promise<number> {
  await markRead(platform.db, userId, ids === 'all' ? 'all' : ids.map((id) => new ObjectId(id)), platform.clock.now());
  const unread = await countUnread(platform.db, userId);
  emitNotificationCount(platform, userId.toHexString(), unread);
  return unread;
}
