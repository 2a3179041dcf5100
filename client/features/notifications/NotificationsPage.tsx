import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationType,
} from '../../../shared/schemas/notifications/list.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { Select } from '../../ui/Select.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { useNotifications } from './store.js';
import { useNotificationList, type NotificationStatus } from './useNotificationList.js';

const STATUSES: { id: NotificationStatus; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
];
const KINDS = [
  { id: 'all', label: 'All kinds' },
  ...NOTIFICATION_TYPES.map((type) => ({ id: type, label: NOTIFICATION_KIND_LABELS[type] })),
];

/** `/dashboard/notifications`: every notification, newest first, by page; unread or one kind; marked read here or from the bell. */
export default function NotificationsPage() {
  const [status, setStatus] = useState<NotificationStatus>('all');
  const [kind, setKind] = useState<NotificationType | 'all'>('all');
  const { unread } = useNotifications();

  const { items, cursor, loading, failed, ready, retry, more, loadMore, markRead } = useNotificationList(status, kind);

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
            <NotificationRow key={item.id} item={item} onRead={() => void markRead([item.id])} />
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

function NotificationRow({ item, onRead }: { item: NotificationItem; onRead: () => void }) {
  return (
    <li className={page.listItem}>
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
        <Button variant="ghost" size="sm" aria-label={`Mark as read: ${item.title}`} onPress={onRead}>
          Mark as read
        </Button>
      )}
    </li>
  );
}
