import type { Collection, Db, Filter, ObjectId, Sort } from 'mongodb';
import type { MaterialFormat, MaterialType } from '../../../shared/schemas/materials/formats.js';
import { isDuplicateKey } from '../../platform/db-errors.js';

export interface MaterialDoc {
  _id: ObjectId;
  name: string;
  format: MaterialFormat;
  type: MaterialType;
  contentType: string;
  size: number;
  fileId: ObjectId;
  /** Campaign slug, or null for a general material. */
  campaign: string | null;
  category: string;
  folderId: ObjectId | null;
  description?: string;
  scope: 'campaign' | 'personal';
  createdBy: ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

export interface StarDoc {
  _id: ObjectId;
  materialId: ObjectId;
  userId: ObjectId;
}

export interface FolderDoc {
  _id: ObjectId;
  name: string;
  campaign: string | null;
  scope: 'campaign' | 'personal';
  ownerId: ObjectId;
  createdAt: Date;
}

export const materialsCollection = (db: Db): Collection<MaterialDoc> => db.collection<MaterialDoc>('materials');
export const materialStarsCollection = (db: Db): Collection<StarDoc> => db.collection<StarDoc>('materialStars');
export const materialFoldersCollection = (db: Db): Collection<FolderDoc> => db.collection<FolderDoc>('materialFolders');

export async function ensureMaterialIndexes(db: Db): Promise<void> {
  const materials = materialsCollection(db);
  await materials.createIndex({ scope: 1, updatedAt: -1 });
  await materials.createIndex({ createdBy: 1, updatedAt: -1 });
  await materials.createIndex({ campaign: 1, category: 1 });
  await materials.createIndex({ folderId: 1 });
  await materialStarsCollection(db).createIndex({ userId: 1, materialId: 1 }, { unique: true });
  await materialStarsCollection(db).createIndex({ materialId: 1 });
  await materialFoldersCollection(db).createIndex({ ownerId: 1, scope: 1, campaign: 1, name: 1 }, { unique: true });
}

/** What a viewer may see: campaign materials, and their own personal ones. */
export const visibleTo = (viewerId: ObjectId): Filter<MaterialDoc> => ({
  $or: [{ scope: 'campaign' }, { createdBy: viewerId }],
});

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface MaterialQuery {
  viewerId: ObjectId;
  q?: string;
  campaign?: string;
  category?: string;
  folderId?: ObjectId | null;
  type?: MaterialType;
  ids?: ObjectId[];
  sort: { field: 'updatedAt' | 'name' | 'size'; direction: 1 | -1 };
  limit: number;
}

export function listMaterials(db: Db, query: MaterialQuery): Promise<MaterialDoc[]> {
  const and: Filter<MaterialDoc>[] = [visibleTo(query.viewerId)];
  if (query.campaign) and.push({ campaign: query.campaign });
  if (query.category) and.push({ category: query.category });
  if (query.folderId !== undefined) and.push({ folderId: query.folderId });
  if (query.type) and.push({ type: query.type });
  if (query.ids) and.push({ _id: { $in: query.ids } });
  const q = query.q?.trim();
  if (q) {
    const pattern = { $regex: escapeRegex(q), $options: 'i' };
    and.push({ $or: [{ name: pattern }, { description: pattern }, { category: pattern }] });
  }
  const sort: Sort = { [query.sort.field]: query.sort.direction, _id: query.sort.direction };
  return materialsCollection(db).find({ $and: and }).sort(sort).limit(query.limit).toArray();
}

export async function visibleCategories(db: Db, viewerId: ObjectId): Promise<string[]> {
  const values = await materialsCollection(db).distinct('category', visibleTo(viewerId));
  return (values as string[]).sort((a, b) => a.localeCompare(b));
}

export async function insertMaterial(db: Db, material: MaterialDoc): Promise<void> {
  await materialsCollection(db).insertOne(material);
}

export function findMaterial(db: Db, id: ObjectId): Promise<MaterialDoc | null> {
  return materialsCollection(db).findOne({ _id: id });
}

export async function deleteMaterialRecords(db: Db, id: ObjectId): Promise<boolean> {
  const result = await materialsCollection(db).deleteOne({ _id: id });
  await materialStarsCollection(db).deleteMany({ materialId: id });
  return result.deletedCount === 1;
}

export async function starredIds(db: Db, userId: ObjectId, materialIds?: ObjectId[]): Promise<ObjectId[]> {
  const filter: Filter<StarDoc> = materialIds ? { userId, materialId: { $in: materialIds } } : { userId };
  return (
    await materialStarsCollection(db)
      .find(filter, { projection: { materialId: 1 } })
      .toArray()
  ).map((s) => s.materialId);
}

/** One star per user and material: true when this call added it. */
export async function addStar(db: Db, star: StarDoc): Promise<boolean> {
  try {
    await materialStarsCollection(db).insertOne(star);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

export async function removeStar(db: Db, materialId: ObjectId, userId: ObjectId): Promise<void> {
  await materialStarsCollection(db).deleteOne({ materialId, userId });
}

export function listFolders(db: Db, viewerId: ObjectId): Promise<FolderDoc[]> {
  return materialFoldersCollection(db)
    .find({ $or: [{ scope: 'campaign' }, { ownerId: viewerId }] })
    .sort({ name: 1, _id: 1 })
    .limit(500)
    .toArray();
}

export function findFolder(db: Db, id: ObjectId): Promise<FolderDoc | null> {
  return materialFoldersCollection(db).findOne({ _id: id });
}

/** False when the owner already has a folder with this name there. */
export async function insertFolder(db: Db, folder: FolderDoc): Promise<boolean> {
  try {
    await materialFoldersCollection(db).insertOne(folder);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}
