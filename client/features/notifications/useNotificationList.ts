import { useEffect, useState } from 'react';
import { SocketEvents } from '../../../shared/events.js';
import type { NotificationItem, NotificationType } from '../../../shared/schemas/notifications/list.js';
import { api } from '../../api/client.js';
import { pathWithQuery, useApiQuery } from '../../api/useApiQuery.js';
import { onLive, onLiveResync } from '../../live/socket.js';
import { markNotificationsRead } from './store.js';

const PAGE_SIZE = 20;
const NO_ITEMS: NotificationItem[] = [];

export type NotificationStatus = 'all' | 'unread';

/**
 * The notifications page's list: a page at a time for the status and kind shown, a new notification put on top as it
 * arrives (replacing those it says it replaces), and marking some or all read.
 */
export function useNotificationList(status: NotificationStatus, kind: NotificationType | 'all') {
  const [more, setMore] = useState(false);

  const pathFor = (after?: string) =>
    pathWithQuery('/api/notifications', {
      limit: String(PAGE_SIZE),
      status: status === 'unread' ? 'unread' : undefined,
      type: kind === 'all' ? undefined : kind,
      cursor: after,
    });

  const { data, loading, failed, retry, setData } = useApiQuery(pathFor(), { quiet: true });
  const items = data?.items ?? NO_ITEMS;
  const cursor = data?.nextCursor ?? null;
  const ready = !loading && !failed;

  useEffect(() => {
    const off = onLive(SocketEvents.notificationNew, (item) => {
      if (kind !== 'all' && item.type !== kind) return;
      setData(
        (list) =>
          list &&
          (list.items.some((existing) => existing.id === item.id)
            ? list
            : {
                ...list,
                items: [item, ...list.items.filter((old) => !item.replaces?.includes(old.id))],
              }),
      );
    });
    const offResync = onLiveResync(retry);
    return () => {
      off();
      offResync();
    };
  }, [kind, retry, setData]);

  async function loadMore() {
    if (!cursor || more) return;
    setMore(true);
    try {
      const next = await api(pathFor(cursor));
      setData(
        (list) =>
          list && {
            ...list,
            items: [
              ...list.items,
              ...next.items.filter((item) => !list.items.some((existing) => existing.id === item.id)),
            ],
            nextCursor: next.nextCursor,
          },
      );
    } catch {
      // The API client showed why; the button stays for another try.
    } finally {
      setMore(false);
    }
  }

  async function markRead(ids: string[] | 'all') {
    try {
      await markNotificationsRead(ids === 'all' ? { all: true } : { ids });
      setData(
        (list) =>
          list && {
            ...list,
            items: list.items.map((item) => (ids === 'all' || ids.includes(item.id) ? { ...item, read: true } : item)),
          },
      );
    } catch {
      // The API client showed why.
    }
  }

  return { items, cursor, loading, failed, ready, retry, more, loadMore, markRead };
}
