import { CheckCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { SocketEvents } from '../../../shared/events.js';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationType,
} from '../../../shared/schemas/notifications/list.js';
import { api } from '../../api/client.js';
import { pathWithQuery, useApiQuery } from '../../api/useApiQuery.js';
import { onLive, onLiveResync } from '../../live/socket.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { Select } from '../../ui/Select.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { markNotificationsRead, useNotifications } from './store.js';

const PAGE_SIZE = 20;
type Status = 'all' | 'unread';
const STATUSES: { id: Status; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
];
const NO_ITEMS: NotificationItem[] = [];
const KINDS = [
  { id: 'all', label: 'All kinds' },
  ...NOTIFICATION_TYPES.map((type) => ({ id: type, label: NOTIFICATION_KIND_LABELS[type] })),
];

/** `/dashboard/notifications`: every notification, newest first, by page; unread or one kind; marked read here or from the bell. */
export default function NotificationsPage() {
  const [status, setStatus] = useState<Status>('all');
  const [kind, setKind] = useState<NotificationType | 'all'>('all');
  const [more, setMore] = useState(false);
  const { unread } = useNotifications();

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

  return (
    <section className={page.page} aria-labelledby="notifications-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="notifications-title" className={page.title}>
            Notifications
          </h1>
          <p className={page.subtitle}>{unread ? `${unread} unread` : 'All caught up'}</p>
        </div>
        {unread ? (
          <Button variant="secondary" onPress={() => void markRead('all')}>
            <CheckCheck size={18} aria-hidden="true" /> Mark all as read
          </Button>
        ) : null}
      </div>
      <FilterBar>
        <FilterGroup label="Show" options={STATUSES} value={status} onChange={setStatus} />
        <Select
          label="Kind"
          options={KINDS}
          value={kind}
          onChange={(value) => setKind((value as NotificationType | null) ?? 'all')}
        />
      </FilterBar>
      {failed && !loading ? (
        <LoadFailed title="Notifications could not be loaded." onRetry={retry} />
      ) : ready && items.length === 0 ? (
        <EmptyState title={status === 'unread' ? 'No unread notifications' : 'No notifications yet'} />
      ) : (
        <ul className={page.list} aria-label="Notifications" aria-busy={loading}>
          {items.map((item) => (
            <li key={item.id} className={page.listItem}>
              <div className={page.stack}>
                <strong>
                  {item.link ? <Link href={item.link}>{item.title}</Link> : item.title}
                  {item.read ? null : <span className="visually-hidden"> (unread)</span>}
                </strong>
                <span>{item.body}</span>
                <span className={[page.muted, page.small].join(' ')}>
                  {NOTIFICATION_KIND_LABELS[item.type]} · {formatDateTime(item.createdAt)}
                </span>
              </div>
              {item.read ? (
                <span className={[page.muted, page.small].join(' ')}>Read</span>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Mark as read: ${item.title}`}
                  onPress={() => void markRead([item.id])}
                >
                  Mark as read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {ready && cursor ? (
        <Button variant="secondary" onPress={() => void loadMore()} isDisabled={more}>
          {more ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}
