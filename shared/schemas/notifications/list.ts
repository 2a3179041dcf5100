import { Type, type Static } from 'typebox';

export const NOTIFICATION_TYPES = [
  'lead-assigned',
  'lead-reassigned',
  'import-finished',
  'role-request-decided',
  'post-liked',
  'post-commented',
  'downline-joined',
  'payout-completed',
  'commission-clawback',
  'voicemail',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NotificationItem = Type.Object({
  id: Type.String(),
  type: Type.Enum(NOTIFICATION_TYPES),
  title: Type.String(),
  body: Type.String(),
  link: Type.Optional(Type.String()),
  read: Type.Boolean(),
  createdAt: Type.String(),
  /** Live only: the grouped notifications this one brings up to date, to drop from the list. */
  replaces: Type.Optional(Type.Array(Type.String())),
});
export type NotificationItem = Static<typeof NotificationItem>;

/** What the notifications page calls each kind (its filter). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationType, string> = {
  'lead-assigned': 'Leads assigned',
  'lead-reassigned': 'Leads reassigned',
  'import-finished': 'Imports',
  'role-request-decided': 'Role requests',
  'post-liked': 'Likes',
  'post-commented': 'Comments',
  'downline-joined': 'Team',
  'payout-completed': 'Payouts',
  'commission-clawback': 'Clawbacks',
  voicemail: 'Voicemails',
};

/**
 * `GET /api/notifications?cursor=&limit=&status=&type=`: newest first; `cursor` is the last item's id; `status=unread`
 * keeps the unread ones, `type` one kind.
 */
export const NotificationListQuery = Type.Object({
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'That page of notifications does not exist.' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(Type.Enum(['all', 'unread'], { errorMessage: 'Show all notifications or the unread ones.' })),
  type: Type.Optional(Type.Enum(NOTIFICATION_TYPES, { errorMessage: 'There is no such kind of notification.' })),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = Type.Object({
  items: Type.Array(NotificationItem),
  unread: Type.Integer({ minimum: 0 }),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type NotificationList = Static<typeof NotificationList>;
