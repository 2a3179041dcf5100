import { Type, type Static } from 'typebox';

/** `POST /api/dialer/dnc`: no campaignId = the global list (admins only). */
export const DncBody = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 40, errorMessage: 'Please enter a phone number' }),
  campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  reason: Type.Optional(Type.String({ maxLength: 300 })),
});
export type DncBody = Static<typeof DncBody>;

export const DncEntry = Type.Object({
  id: Type.String(),
  phone: Type.String(),
  scope: Type.Union([Type.Literal('global'), Type.Literal('campaign')]),
  campaignId: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  createdAt: Type.String(),
});
export type DncEntry = Static<typeof DncEntry>;

export const DncAdded = Type.Object({ entry: DncEntry, message: Type.String() });
export type DncAdded = Static<typeof DncAdded>;

/** `GET /api/dialer/dnc?campaignId=` (admins and the campaign's owner). */
export const DncListQuery = Type.Object({ campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })) });
export type DncListQuery = Static<typeof DncListQuery>;
export const DncList = Type.Object({ items: Type.Array(DncEntry) });
export type DncList = Static<typeof DncList>;
