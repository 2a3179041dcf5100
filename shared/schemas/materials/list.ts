import { Type, type Static } from 'typebox';
import { MATERIAL_FORMATS } from './formats.js';

export const MaterialMessages = {
  notFound: 'This material no longer exists.',
  empty: 'No materials found',
  emptyHint: 'Upload your first material to get started',
  deleteForbidden: 'Only the uploader, the campaign owner or an admin can delete this material.',
  folderNameEmpty: 'Please give the folder a name.',
  folderNotFound: 'This folder no longer exists.',
  folderExists: 'A folder with this name already exists.',
  nameTooLong: 'Names can be at most 200 characters.',
} as const;

const FORMAT_NAMES = Object.keys(MATERIAL_FORMATS) as Array<keyof typeof MATERIAL_FORMATS>;
const Id = (message: string) => Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: message });

export const MaterialItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Union([Type.Literal('document'), Type.Literal('image'), Type.Literal('video'), Type.Literal('audio')]),
  format: Type.Enum(FORMAT_NAMES),
  /** Bytes; `sizeLabel` is the text the spec shows ("2.4 MB"). */
  size: Type.Integer({ minimum: 0 }),
  sizeLabel: Type.String(),
  campaign: Type.Union([Type.String(), Type.Null()]),
  category: Type.String(),
  folderId: Type.Union([Type.String(), Type.Null()]),
  description: Type.Optional(Type.String()),
  /** `campaign`: everyone sees it; `personal`: only its uploader. */
  scope: Type.Union([Type.Literal('campaign'), Type.Literal('personal')]),
  createdBy: Type.Object({ id: Type.String(), name: Type.String() }),
  lastModified: Type.String(),
  starred: Type.Boolean(),
  canDelete: Type.Boolean(),
  /** View/download URL, signed for this viewer (works in <img>/<video> without headers); add `&download=1` to save. */
  fileUrl: Type.String(),
});
export type MaterialItem = Static<typeof MaterialItem>;

/** `GET /api/materials`: sort `lastModified` (default, newest first), `name` (A-Z) or `size` (largest first); `order` flips it. */
export const MaterialListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  campaign: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Type.String({ maxLength: 60 })),
  /** A folder id, or `root` for materials outside any folder. */
  folder: Type.Optional(Type.String({ maxLength: 24 })),
  type: Type.Optional(
    Type.Union([Type.Literal('document'), Type.Literal('image'), Type.Literal('video'), Type.Literal('audio')]),
  ),
  starred: Type.Optional(Type.Boolean()),
  sort: Type.Optional(
    Type.Union([Type.Literal('lastModified'), Type.Literal('name'), Type.Literal('size')], { default: 'lastModified' }),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 200 })),
});
export type MaterialListQuery = Static<typeof MaterialListQuery>;

export const MaterialList = Type.Object({ items: Type.Array(MaterialItem), categories: Type.Array(Type.String()) });
export type MaterialList = Static<typeof MaterialList>;

export const MaterialParams = Type.Object({ id: Id(MaterialMessages.notFound) });

/** `GET /api/materials/:id/file?sig=&download=1` */
export const MaterialFileQuery = Type.Object({
  sig: Type.Optional(Type.String({ maxLength: 200 })),
  download: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Boolean()])),
});
export type MaterialFileQuery = Static<typeof MaterialFileQuery>;

/**
 * `POST /api/materials` is multipart: text fields `name?`, `campaign?` (slug), `category?`, `folderId?`,
 * `description?`, then one file in field `file`. Answer `201 MaterialItem`.
 */
export const MATERIAL_UPLOAD_FIELDS = ['name', 'campaign', 'category', 'folderId', 'description'] as const;

export const StarResponse = Type.Object({ starred: Type.Boolean() });

export const MaterialFolder = Type.Object({
  id: Type.String(),
  name: Type.String(),
  campaign: Type.Union([Type.String(), Type.Null()]),
  scope: Type.Union([Type.Literal('campaign'), Type.Literal('personal')]),
  createdAt: Type.String(),
});
export type MaterialFolder = Static<typeof MaterialFolder>;

export const MaterialFolderList = Type.Object({ items: Type.Array(MaterialFolder) });

/** `POST /api/materials/folders` ("New Folder"). */
export const CreateFolderBody = Type.Object(
  {
    name: Type.String({ maxLength: 100, errorMessage: MaterialMessages.folderNameEmpty }),
    campaign: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { errorMessage: MaterialMessages.folderNameEmpty },
);
export type CreateFolderBody = Static<typeof CreateFolderBody>;
