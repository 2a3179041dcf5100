import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../shared/events.js';
import type { NotificationItem } from '../../../shared/schemas/notifications/list.js';
import type { NotificationReadBody } from '../../../shared/schemas/notifications/read.js';
import { api } from '../../api/client.js';
import { onLive, onLiveResync } from '../../live/socket.js';
import { toast } from '../../ui/toast.js';
import { wantsToast } from '../settings/public.js';

/** How many of the latest notifications the header menu keeps. */
const LATEST = 10;

interface NotificationsState {
  items: NotificationItem[];
  unread: number;
  loaded: boolean;
}

export const notifications = proxy<NotificationsState>({ items: [], unread: 0, loaded: false });

export const useNotifications = () => useSnapshot(notifications);

export async function loadNotifications(): Promise<void> {
  const list = await api(`/api/notifications?limit=${LATEST}`, { quiet: true });
  notifications.items = list.items;
  notifications.unread = list.unread;
  notifications.loaded = true;
}

export async function markNotificationsRead(body: NotificationReadBody): Promise<void> {
  const answer = await api('/api/notifications/read', { method: 'POST', body });
  const ids = new Set(body.ids ?? []);
  for (const item of notifications.items) if (body.all || ids.has(item.id)) item.read = true;
  notifications.unread = answer.unread;
}

/**
 * REST gives the first page, the socket keeps it current: `notification:new` adds the item (and a toast
 * when the user's preferences ask for it), `notification:count` is the server's unread count on every tab.
 */
export function followNotifications(): () => void {
  // Another account may have used this tab before: never show its items while ours load.
  Object.assign(notifications, { items: [], unread: 0, loaded: false });
  loadNotifications().catch(() => undefined);
  const offNew = onLive(SocketEvents.notificationNew, (item) => {
    if (notifications.items.some((existing) => existing.id === item.id)) return;
    // A grouped notification (the likes of a post) replaces its earlier version.
    if (item.replaces) notifications.items = notifications.items.filter((old) => !item.replaces!.includes(old.id));
    notifications.items.unshift(item);
    notifications.items.splice(LATEST);
    if (wantsToast(item.type)) toast({ title: item.title, description: item.body });
  });
  const offCount = onLive(SocketEvents.notificationCount, ({ unread }) => {
    notifications.unread = unread;
  });
  const offResync = onLiveResync(() => void loadNotifications().catch(() => undefined));
  return () => {
    offNew();
    offCount();
    offResync();
  };
}
