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
  groupHasActor,
  insertNotification,
  insertNotifications,
  listNotifications,
  markRead,
  takeOpenGroup,
  type NotificationActor,
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

interface GroupedNotificationInput {
  type: NotificationType;
  /** What the notifications are about, e.g. `post-liked:<postId>`. */
  group: string;
  actor: NotificationActor;
  link?: string;
  /** Title and body for everyone the group is about so far, oldest first. */
  describe: (actors: NotificationActor[]) => { title: string; body: string };
}

/**
 * One unread notification per group that grows with each new actor ("Bea and 2 others liked your post") instead of
 * one per event: the unread one is taken out and a new one with every actor so far is written in its place, so it
 * comes first in the list again, and tabs are told which one it replaces. An actor already told about in this group
 * (read or not: a like taken back and given again) notifies nothing. Two writers at once meet at the unique
 * unread-group index: the one that loses takes the other's notification in turn and folds it in.
 */
export async function notifyGrouped(platform: Platform, userId: ObjectId, input: GroupedNotificationInput) {
  if ((await usersMutingInApp(platform.db, [userId], input.type)).size > 0) return;
  if (await groupHasActor(platform.db, userId, input.group, input.actor.id)) return;
  let actors: NotificationActor[] = [input.actor];
  const replaced: string[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const open = await takeOpenGroup(platform.db, userId, input.group);
    if (open) {
      replaced.push(open._id.toHexString());
      const earlier = (open.actors ?? []).filter((actor) => !actors.some((known) => known.id.equals(actor.id)));
      actors = [...earlier, ...actors];
    }
    const doc: NotificationDoc = {
      _id: new ObjectId(),
      userId,
      readAt: null,
      createdAt: platform.clock.now(),
      type: input.type,
      ...input.describe(actors),
      ...(input.link ? { link: input.link } : {}),
      group: input.group,
      openGroup: input.group,
      actors,
    };
    if (!(await insertNotification(platform.db, doc))) continue;
    const id = userId.toHexString();
    emitNotificationNew(platform, id, {
      ...toNotificationItem(doc),
      ...(replaced.length ? { replaces: replaced } : {}),
    });
    emitNotificationCount(platform, id, await countUnread(platform.db, userId));
    return;
  }
  throw new Error(`notification group ${input.group}: still contended after 5 attempts`);
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
