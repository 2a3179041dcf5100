import { Type, type Static } from 'typebox';

/** `GET /api/dev/outbox?to=` (outside production, outbox transport only): newest first, at most 50. */
export const OutboxQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) });
export type OutboxQuery = Static<typeof OutboxQuery>;

export const OutboxResponse = Type.Object({
  emails: Type.Array(
    Type.Object({
      key: Type.String(),
      to: Type.String(),
      subject: Type.String(),
      text: Type.String(),
      html: Type.String(),
      createdAt: Type.String(),
    }),
  ),
});
export type OutboxResponse = Static<typeof OutboxResponse>;
