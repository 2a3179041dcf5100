import { Type, type Static } from 'typebox';

export const SCRIPT_TYPES = ['call', 'email', 'follow-up'] as const;

export const ScriptMessages = {
  copied: 'Script copied to clipboard!',
  none: 'No script available for this campaign.',
  notFound: 'This script no longer exists.',
  ownersOnly: "Only this campaign's owner or an admin can edit its scripts.",
  titleEmpty: 'Please give the script a title.',
  contentEmpty: 'The script cannot be empty.',
  contentTooLong: 'Scripts can be at most 20,000 characters.',
} as const;

export const ScriptItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  /** The campaign's slug (hotel, adwords, real-estate-egypt, ...). */
  campaign: Type.String(),
  content: Type.String(),
  type: Type.Enum(SCRIPT_TYPES),
  lastUpdated: Type.String(),
  /** The viewer may edit it (campaign owner or admin). */
  editable: Type.Boolean(),
});
export type ScriptItem = Static<typeof ScriptItem>;

/** `GET /api/scripts?campaign=<slug>`: empty `items` means "No script available for this campaign." */
export const ScriptListQuery = Type.Object({ campaign: Type.Optional(Type.String({ maxLength: 60 })) });
export type ScriptListQuery = Static<typeof ScriptListQuery>;

export const ScriptList = Type.Object({ items: Type.Array(ScriptItem) });
export type ScriptList = Static<typeof ScriptList>;

export const ScriptParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: ScriptMessages.notFound }),
});

/** `PUT /api/scripts/:id`. */
export const ScriptUpdateBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 60 })),
  type: Type.Optional(Type.Enum(SCRIPT_TYPES)),
  content: Type.Optional(Type.String({ maxLength: 20_000, errorMessage: ScriptMessages.contentTooLong })),
});
export type ScriptUpdateBody = Static<typeof ScriptUpdateBody>;
