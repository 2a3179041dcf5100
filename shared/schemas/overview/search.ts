import { Type, type Static } from 'typebox';

/** `GET /api/search?q=`: the header search over the viewer's campaigns and leads (case-insensitive substring). */
export const SearchQuery = Type.Object({
  q: Type.String({ maxLength: 100 }),
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$' })),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResults = Type.Object({
  campaigns: Type.Array(
    Type.Object({
      id: Type.String(),
      slug: Type.String(),
      name: Type.String(),
      status: Type.String(),
      joined: Type.Boolean(),
    }),
  ),
  leads: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      company: Type.Optional(Type.String()),
      email: Type.Optional(Type.String()),
      phone: Type.Optional(Type.String()),
      stage: Type.String(),
      campaignId: Type.String(),
    }),
  ),
});
export type SearchResults = Static<typeof SearchResults>;
