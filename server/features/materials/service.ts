import type { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import { UPLOAD_LIMIT_BYTES } from '../../../shared/constants.js';
import { MATERIAL_FORMATS, UploadMessages, formatBytes } from '../../../shared/schemas/materials/formats.js';
import {
  MATERIAL_UPLOAD_FIELDS,
  MaterialMessages,
  type MaterialFolder,
  type MaterialItem,
  type MaterialList,
  type MaterialListQuery,
} from '../../../shared/schemas/materials/list.js';
import type { Platform } from '../../platform/context.js';
import { signFileLink, verifyFileLink, type FileLinkPurpose } from '../../platform/file-links.js';
import { badRequest, conflict, forbidden, notFound, unauthenticated } from '../../platform/errors.js';
import type { FileAnswer } from '../../platform/file-answers.js';
import { findCampaignByIdOrSlug } from '../campaigns/public.js';
import { findUserById, userSummaries, type UserDoc } from '../users/public.js';
import { emitMaterialsChanged } from './events.js';
import { checkMaterial } from './file-types.js';
import {
  addStar,
  deleteMaterialRecords,
  findFolder,
  findMaterial,
  insertFolder,
  insertMaterial,
  listFolders,
  listMaterials,
  removeStar,
  starredIds,
  visibleCategories,
  type FolderDoc,
  type MaterialDoc,
} from './repository.js';
import {
  deleteStoredFile,
  materialsBucket,
  openStoredFile,
  parseRange,
  storeStream,
  type ByteRange,
} from './storage.js';

const DEFAULT_CATEGORY = 'General';
const CampaignMessages = { unknown: 'This campaign does not exist.' } as const;

/** A campaign slug, checked; and whether this user may publish to it (its owner, or an admin). */
async function campaignFor(
  platform: Platform,
  user: UserDoc,
  value: string | undefined,
): Promise<{ slug: string | null; manages: boolean }> {
  const key = value?.trim();
  if (!key) return { slug: null, manages: user.role === 'admin' };
  const campaign = await findCampaignByIdOrSlug(platform.db, key);
  if (!campaign) throw badRequest(CampaignMessages.unknown);
  return { slug: campaign.slug, manages: user.role === 'admin' || Boolean(campaign.ownerId?.equals(user._id)) };
}

async function canDelete(platform: Platform, user: UserDoc, material: MaterialDoc): Promise<boolean> {
  if (user.role === 'admin' || material.createdBy.equals(user._id)) return true;
  if (material.scope !== 'campaign' || !material.campaign || user.role !== 'owner') return false;
  return (await campaignFor(platform, user, material.campaign)).manages;
}

const canSee = (viewer: UserDoc, material: MaterialDoc) =>
  material.scope === 'campaign' || material.createdBy.equals(viewer._id);

async function toItems(platform: Platform, viewer: UserDoc, docs: MaterialDoc[]): Promise<MaterialItem[]> {
  const [authors, stars] = await Promise.all([
    userSummaries(
      platform.db,
      docs.map((d) => d.createdBy),
    ),
    starredIds(
      platform.db,
      viewer._id,
      docs.map((d) => d._id),
    ),
  ]);
  const starred = new Set(stars.map((id) => id.toHexString()));
  const ownedCampaigns = new Map<string, boolean>();
  const items: MaterialItem[] = [];
  for (const doc of docs) {
    let deletable = viewer.role === 'admin' || doc.createdBy.equals(viewer._id);
    if (!deletable && doc.scope === 'campaign' && doc.campaign && viewer.role === 'owner') {
      if (!ownedCampaigns.has(doc.campaign)) ownedCampaigns.set(doc.campaign, await canDelete(platform, viewer, doc));
      deletable = ownedCampaigns.get(doc.campaign)!;
    }
    const id = doc._id.toHexString();
    items.push({
      id,
      name: doc.name,
      type: doc.type,
      format: doc.format,
      size: doc.size,
      sizeLabel: formatBytes(doc.size),
      campaign: doc.campaign,
      category: doc.category,
      folderId: doc.folderId?.toHexString() ?? null,
      ...(doc.description ? { description: doc.description } : {}),
      scope: doc.scope,
      createdBy: {
        id: doc.createdBy.toHexString(),
        name: authors.get(doc.createdBy.toHexString())?.name ?? 'Former member',
      },
      lastModified: doc.updatedAt.toISOString(),
      starred: starred.has(id),
      canDelete: deletable,
      fileUrl: `/api/materials/${id}/file?sig=${signFileLink(platform, 'material', id, viewer._id.toHexString())}`,
    });
  }
  return items;
}

const SORTS = { lastModified: ['updatedAt', -1], name: ['name', 1], size: ['size', -1] } as const;

export async function listMaterialsFor(
  platform: Platform,
  viewer: UserDoc,
  query: MaterialListQuery,
): Promise<MaterialList> {
  const [field, defaultDirection] = SORTS[query.sort ?? 'lastModified'];
  const direction = query.order ? (query.order === 'asc' ? 1 : -1) : defaultDirection;
  let folderId: ObjectId | null | undefined;
  if (query.folder === 'root') folderId = null;
  else if (query.folder)
    folderId = ObjectId.isValid(query.folder) ? new ObjectId(query.folder) : new ObjectId('000000000000000000000000');
  const docs = await listMaterials(platform.db, {
    viewerId: viewer._id,
    q: query.q,
    campaign: query.campaign?.trim() || undefined,
    category: query.category?.trim() || undefined,
    folderId,
    type: query.type,
    ids: query.starred ? await starredIds(platform.db, viewer._id) : undefined,
    sort: { field, direction },
    limit: query.limit ?? 200,
  });
  const [items, categories] = await Promise.all([
    toItems(platform, viewer, docs),
    visibleCategories(platform.db, viewer._id),
  ]);
  return { items, categories };
}

/** One part of a multipart form, as @fastify/multipart hands it over. */
export interface UploadPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  file?: Readable & { truncated?: boolean };
  value?: unknown;
}

const textField = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length > max) throw badRequest(MaterialMessages.nameTooLong);
  return text || undefined;
};

interface UploadFields {
  name?: string;
  campaign?: string;
  category?: string;
  folderId?: string;
  description?: string;
}

async function placement(platform: Platform, user: UserDoc, fields: UploadFields) {
  const campaign = await campaignFor(platform, user, fields.campaign);
  let folder: FolderDoc | null = null;
  if (fields.folderId) {
    folder = ObjectId.isValid(fields.folderId) ? await findFolder(platform.db, new ObjectId(fields.folderId)) : null;
    if (!folder || (folder.scope === 'personal' && !folder.ownerId.equals(user._id)))
      throw notFound(MaterialMessages.folderNotFound);
  }
  // Owners and admins publish to the campaign; anyone else's upload is personal (tagged with the campaign for filters).
  const scope: MaterialDoc['scope'] = campaign.slug && campaign.manages ? 'campaign' : 'personal';
  return { campaign: campaign.slug, folder, scope };
}

/**
 * Streams the form's one file into GridFS after checking, from its first bytes, that it is one of the
 * allowed formats and matches its name; refuses more than UPLOAD_LIMIT_BYTES. A refused upload
 * leaves nothing stored.
 */
export async function uploadMaterial(
  platform: Platform,
  user: UserDoc,
  parts: AsyncIterable<UploadPart>,
): Promise<MaterialItem> {
  const fields: UploadFields = {};
  const bucket = materialsBucket(platform.db);
  let stored: { fileId: ObjectId; length: number; filename: string; format: keyof typeof MATERIAL_FORMATS } | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if ((MATERIAL_UPLOAD_FIELDS as readonly string[]).includes(part.fieldname)) {
          fields[part.fieldname as keyof UploadFields] = textField(
            part.value,
            part.fieldname === 'description' ? 2_000 : 200,
          );
        }
        continue;
      }
      if (part.fieldname !== 'file' || stored || !part.file) {
        part.file?.resume();
        continue;
      }
      // Fields sent before the file are checked before a byte is stored.
      await placement(platform, user, fields);
      const filename = (part.filename ?? '').trim() || 'upload';
      let format: keyof typeof MATERIAL_FORMATS = 'txt';
      const file = part.file;
      const result = await storeStream(bucket, file, {
        filename,
        limitBytes: UPLOAD_LIMIT_BYTES,
        truncated: () => Boolean(file.truncated),
        metadata: { uploadedBy: user._id },
        accept(head, complete) {
          const check = checkMaterial(head, filename, complete);
          if (!check.ok)
            throw badRequest(check.reason === 'type' ? UploadMessages.typeNotAllowed : UploadMessages.contentMismatch);
          format = check.format;
          return { contentType: MATERIAL_FORMATS[check.format].mime };
        },
      });
      stored = { fileId: result.fileId, length: result.length, filename, format };
    }
    if (!stored) throw badRequest(UploadMessages.noFile);

    const { campaign, folder, scope } = await placement(platform, user, fields);
    const now = platform.clock.now();
    const doc: MaterialDoc = {
      _id: new ObjectId(),
      name: fields.name ?? stored.filename,
      format: stored.format,
      type: MATERIAL_FORMATS[stored.format].type,
      contentType: MATERIAL_FORMATS[stored.format].mime,
      size: stored.length,
      fileId: stored.fileId,
      campaign,
      category: fields.category ?? DEFAULT_CATEGORY,
      folderId: folder?._id ?? null,
      ...(fields.description ? { description: fields.description } : {}),
      scope,
      createdBy: user._id,
      createdAt: now,
      updatedAt: now,
    };
    await insertMaterial(platform.db, doc);
    emitMaterialsChanged(
      platform,
      { scope, ownerId: user._id.toHexString() },
      { kind: 'material', id: doc._id.toHexString(), change: 'created' },
    );
    return (await toItems(platform, user, [doc]))[0];
  } catch (error) {
    if (stored) await deleteStoredFile(bucket, stored.fileId);
    throw error;
  }
}

async function visibleMaterial(platform: Platform, viewer: UserDoc, id: string): Promise<MaterialDoc> {
  const material = await findMaterial(platform.db, new ObjectId(id));
  if (!material || !canSee(viewer, material)) throw notFound(MaterialMessages.notFound);
  return material;
}

export async function deleteMaterial(platform: Platform, user: UserDoc, id: string): Promise<void> {
  const material = await visibleMaterial(platform, user, id);
  if (!(await canDelete(platform, user, material))) throw forbidden(MaterialMessages.deleteForbidden);
  if (!(await deleteMaterialRecords(platform.db, material._id))) return;
  await deleteStoredFile(materialsBucket(platform.db), material.fileId);
  emitMaterialsChanged(
    platform,
    { scope: material.scope, ownerId: material.createdBy.toHexString() },
    { kind: 'material', id: material._id.toHexString(), change: 'deleted' },
  );
}

export async function toggleStar(platform: Platform, user: UserDoc, id: string): Promise<{ starred: boolean }> {
  const material = await visibleMaterial(platform, user, id);
  if (await addStar(platform.db, { _id: new ObjectId(), materialId: material._id, userId: user._id }))
    return { starred: true };
  await removeStar(platform.db, material._id, user._id);
  return { starred: false };
}

function toFolder(folder: FolderDoc): MaterialFolder {
  return {
    id: folder._id.toHexString(),
    name: folder.name,
    campaign: folder.campaign,
    scope: folder.scope,
    createdAt: folder.createdAt.toISOString(),
  };
}

export async function foldersFor(platform: Platform, viewer: UserDoc): Promise<MaterialFolder[]> {
  return (await listFolders(platform.db, viewer._id)).map(toFolder);
}

export async function createFolder(
  platform: Platform,
  user: UserDoc,
  body: { name: string; campaign?: string },
): Promise<MaterialFolder> {
  const name = body.name.trim();
  if (!name) throw badRequest(MaterialMessages.folderNameEmpty);
  const campaign = await campaignFor(platform, user, body.campaign);
  const folder: FolderDoc = {
    _id: new ObjectId(),
    name,
    campaign: campaign.slug,
    scope: campaign.slug && campaign.manages ? 'campaign' : 'personal',
    ownerId: user._id,
    createdAt: platform.clock.now(),
  };
  if (!(await insertFolder(platform.db, folder))) throw conflict(MaterialMessages.folderExists);
  emitMaterialsChanged(
    platform,
    { scope: folder.scope, ownerId: user._id.toHexString() },
    { kind: 'folder', id: folder._id.toHexString(), change: 'created' },
  );
  return toFolder(folder);
}

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The viewer behind a request: a bearer user, or the user a signed link was made for. */
export async function fileViewer(
  platform: Platform,
  bearerUser: UserDoc | null,
  purpose: FileLinkPurpose,
  id: string,
  sig: string | undefined,
): Promise<UserDoc> {
  if (bearerUser) return bearerUser;
  const userId = verifyFileLink(platform, purpose, id, sig);
  const user = userId ? await findUserById(platform.db, userId) : null;
  if (!user) throw unauthenticated();
  return user;
}

/** Streams a stored file whole, or one byte range of it (video seeking). */
export function fileAnswer(
  bucket: ReturnType<typeof materialsBucket>,
  file: { fileId: ObjectId; size: number; contentType: string; filename: string; download: boolean },
  rangeHeader: string | undefined,
): FileAnswer {
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'accept-ranges': 'bytes',
    'content-disposition': contentDisposition(file.download ? 'attachment' : 'inline', file.filename),
    'cache-control': 'private, max-age=3600',
    'content-security-policy':
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable')
    return { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } };
  const body = openStoredFile(bucket, file.fileId, range as ByteRange | undefined);
  if (!range) return { status: 200, headers: { ...headers, 'content-length': String(file.size) }, body };
  return {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
      'content-length': String(range.end - range.start + 1),
    },
    body,
  };
}

export async function materialFile(
  platform: Platform,
  viewer: UserDoc,
  id: string,
  rangeHeader: string | undefined,
  download: boolean,
): Promise<FileAnswer> {
  const material = await visibleMaterial(platform, viewer, id);
  const extension = `.${material.format}`;
  const filename = material.name.toLowerCase().endsWith(extension) ? material.name : `${material.name}${extension}`;
  return fileAnswer(
    materialsBucket(platform.db),
    { fileId: material.fileId, size: material.size, contentType: material.contentType, filename, download },
    rangeHeader,
  );
}
