import { Bell, CheckCheck, ListChecks } from 'lucide-react';
import { useLocation } from 'wouter';
import { markNotificationsRead, useNotifications } from '../../notifications/public.js';
import { MenuButton, MenuFooter, MenuItem } from '../../../ui/Menu.js';
import { timeAgo } from '../../../ui/format.js';
import styles from './Shell.module.css';

/** The header bell: the live unread count and the latest notifications; opening one marks it read; the page has the rest. */
export function NotificationsMenu() {
  const { items, unread, loaded } = useNotifications();
  const [, navigate] = useLocation();
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <MenuButton
      label={label}
      width={340}
      trigger={
        <>
          <Bell size={20} aria-hidden="true" />
          {unread ? (
            <span className={styles.countBadge} aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </>
      }
      header={
        <div className={styles.menuHeader}>
          <strong>Notifications</strong>
          <span className={styles.muted}>{unread ? `${unread} unread` : 'All caught up'}</span>
        </div>
      }
    >
      {items.length === 0 ? (
        <MenuItem id="empty" isDisabled textValue="No notifications yet">
          {loaded ? 'No notifications yet' : 'Loading...'}
        </MenuItem>
      ) : null}
      {items.map((item) => (
        <MenuItem
          key={item.id}
          id={item.id}
          textValue={item.title}
          onAction={() => {
            if (!item.read) void markNotificationsRead({ ids: [item.id] }).catch(() => undefined);
            if (item.link) navigate(item.link);
          }}
        >
          <span className={item.read ? styles.dotRead : styles.dotUnread} aria-hidden="true" />
          <span className={styles.grow}>
            <span className={styles.notificationTitle}>
              {item.title}
              {item.read ? null : <span className="visually-hidden"> (unread)</span>}
            </span>
            <span className={styles.notificationBody}>{item.body}</span>
            <span className={styles.muted}>{timeAgo(item.createdAt)}</span>
          </span>
        </MenuItem>
      ))}
      <MenuFooter label="Notification actions">
        {unread ? (
          <MenuItem
            id="mark-all"
            textValue="Mark all as read"
            onAction={() => void markNotificationsRead({ all: true }).catch(() => undefined)}
          >
            <CheckCheck size={16} aria-hidden="true" />
            Mark all as read
          </MenuItem>
        ) : null}
        <MenuItem
          id="view-all"
          textValue="View all notifications"
          onAction={() => navigate('/dashboard/notifications')}
        >
          <ListChecks size={16} aria-hidden="true" />
          View all notifications
        </MenuItem>
      </MenuFooter>
    </MenuButton>
  );
}
