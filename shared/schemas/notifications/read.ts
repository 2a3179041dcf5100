import { Type, type Static } from 'typebox';

/** `POST /api/notifications/read`: `{ ids }` marks those, `{ all: true }` marks every one. */
export const NotificationReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9a-f]{24}$' }), { maxItems: 100 })),
    all: Type.Optional(Type.Boolean()),
  },
  { errorMessage: 'Say which notifications to mark as read.' },
);
export type NotificationReadBody = Static<typeof NotificationReadBody>;

export const NotificationReadResponse = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type NotificationReadResponse = Static<typeof NotificationReadResponse>;
