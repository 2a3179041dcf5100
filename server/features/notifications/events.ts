import { SocketEvents, type NotificationCountPayload } from '../../../shared/events.js';
import type { NotificationItem } from '../../../shared/schemas/notifications/list.js';
import type { Platform } from '../../platform/context.js';

export function emitNotificationNew(platform: Platform, userId: string, item: NotificationItem): void {
  platform.live.toUser(userId, SocketEvents.notificationNew, item);
}

/** Every open tab of the user shows the same badge. */
export function emitNotificationCount(platform: Platform, userId: string, unread: number): void {
  const payload: NotificationCountPayload = { unread };
  platform.live.toUser(userId, SocketEvents.notificationCount, payload);
}
