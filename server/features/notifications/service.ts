import { ObjectId } from 'mongodb';
import type {
  NotificationItem,
  NotificationList,
  NotificationType,
} from '../../../shared/schemas/notifications/list.js';
import type { Platform } from '../../platform/context.js';
import { usersMutingInApp } from '../users/public.js';
import { emitNotificationCount, emitNotificationNew } from './events.js';
import {
  countUnread,
  countUnreadOf,
  insertNotification,
  insertNotifications,
  listNotifications,
  markRead,
  type NotificationDoc,
  type NotificationFilter,
} from './repository.js';

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

/**
 * Stores the notification, then pushes it and the new unread count to every tab of the user. A type the user
 * turned off in the app (GET|PUT /api/me/preferences) is neither stored nor pushed.
 */
export async function notify(platform: Platform, userId: ObjectId, input: NotificationInput): Promise<void> {
  if ((await usersMutingInApp(platform.db, [userId], input.type)).size > 0) return;
  const doc: NotificationDoc = { _id: new ObjectId(), userId, readAt: null, createdAt: platform.clock.now(), ...input };
  if (!input.key) delete doc.key;
  if (!(await insertNotification(platform.db, doc))) return;
  const id = userId.toHexString();
  emitNotificationNew(platform, id, toNotificationItem(doc));
  emitNotificationCount(platform, id, await countUnread(platform.db, userId));
}

/**
 * `notify` for a burst (lead distribution): one write for all, each new one pushed, then one fresh unread count per
 * user instead of one per notification.
 */
export async function notifyMany(
  platform: Platform,
  requested: Array<{ userId: ObjectId; input: NotificationInput }>,
): Promise<void> {
  const now = platform.clock.now();
  const items = await withoutMuted(platform, requested);
  if (items.length === 0) return;
  const docs = items.map(({ userId, input }) => {
    const doc: NotificationDoc = { _id: new ObjectId(), userId, readAt: null, createdAt: now, ...input };
    if (!input.key) delete doc.key;
    return doc;
  });
  const written = await insertNotifications(platform.db, docs);
  const users = new Map<string, ObjectId>();
  for (const doc of written) {
    emitNotificationNew(platform, doc.userId.toHexString(), toNotificationItem(doc));
    users.set(doc.userId.toHexString(), doc.userId);
  }
  const unread = await countUnreadOf(platform.db, [...users.values()]);
  for (const id of users.keys()) emitNotificationCount(platform, id, unread.get(id) ?? 0);
}

/** Drops the items whose type their user turned off in the app: one read per type present in the burst. */
async function withoutMuted(platform: Platform, items: Array<{ userId: ObjectId; input: NotificationInput }>) {
  const usersByType = new Map<string, ObjectId[]>();
  for (const { userId, input } of items) usersByType.set(input.type, [...(usersByType.get(input.type) ?? []), userId]);
  const muted = new Set<string>();
  for (const [type, userIds] of usersByType) {
    for (const id of await usersMutingInApp(platform.db, userIds, type)) muted.add(`${type}:${id}`);
  }
  return muted.size === 0
    ? items
    : items.filter(({ userId, input }) => !muted.has(`${input.type}:${userId.toHexString()}`));
}

export async function notificationsOf(
  platform: Platform,
  userId: ObjectId,
  cursor: string | undefined,
  limit = 20,
  filter: NotificationFilter = {},
): Promise<NotificationList> {
  const docs = await listNotifications(
    platform.db,
    userId,
    limit + 1,
    cursor ? new ObjectId(cursor) : undefined,
    filter,
  );
  const page = docs.slice(0, limit);
  return {
    items: page.map(toNotificationItem),
    unread: await countUnread(platform.db, userId),
    nextCursor: docs.length > limit ? page[page.length - 1]._id.toHexString() : null,
  };
}

export async function markNotificationsRead(
  platform: Platform,
  userId: ObjectId,
  ids: string[] | 'all',
): Promise<number> {
  await markRead(platform.db, userId, ids === 'all' ? 'all' : ids.map((id) => new ObjectId(id)), platform.clock.now());
  const unread = await countUnread(platform.db, userId);
  emitNotificationCount(platform, userId.toHexString(), unread);
  return unread;
}
