import { Type, type Static } from 'typebox';
import { ClientItem, CLIENT_STATUSES } from './client.js';

/** `GET /api/clients?campaignId=&status=&cursor=&limit=`: same visibility as leads; newest first. */
export const ClientListQuery = Type.Object({
  campaignId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'Campaign not found.' })),
  status: Type.Optional(Type.Enum(CLIENT_STATUSES)),
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'That page of clients does not exist.' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ClientListQuery = Static<typeof ClientListQuery>;

export const ClientList = Type.Object({
  items: Type.Array(ClientItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ClientList = Static<typeof ClientList>;
