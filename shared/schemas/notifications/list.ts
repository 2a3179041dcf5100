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
});
export type NotificationItem = Static<typeof NotificationItem>;

/** `GET /api/notifications?cursor=&limit=`: newest first; `cursor` is the last item's id. */
export const NotificationListQuery = Type.Object({
  cursor: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'That page of notifications does not exist.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = Type.Object({
  items: Type.Array(NotificationItem),
  unread: Type.Integer({ minimum: 0 }),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type NotificationList = Static<typeof NotificationList>;
