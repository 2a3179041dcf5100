// Databases and their collections. Catalogue changes are journaled here; document changes are
// journaled by the collection itself.
import { MongoCommandError } from '../common/errors.js';
import { Collection, NULL_SINK, type ChangeSink } from './collection.js';
import type { Doc } from '../common/documents.js';
import type { UUID } from 'bson';

const INVALID_DB_CHARS = /[/\\. "$*<>:|?\0]/;

export function validateDbName(db: string): void {
  if (!db || db.length > 63 || INVALID_DB_CHARS.test(db)) {
    throw new MongoCommandError(73, `Invalid database name: '${db}'`);
  }
}

export function validateCollectionName(db: string, name: unknown): asserts name is string {
  if (typeof name !== 'string') throw new MongoCommandError(73, `collection name has invalid type ${typeof name}`);
  if (!name || name.includes('\0') || name.startsWith('.') || name.includes('$') || name.startsWith('system.')) {
    if (!(name.startsWith('system.') && /^system\.(js|views|profile)$/.test(name))) {
      throw new MongoCommandError(73, `Invalid collection name: ${db}.${name}`);
    }
  }
}

export class Catalogue {
  readonly dbs = new Map<string, Map<string, Collection>>();
  sink: ChangeSink = NULL_SINK;
  /** Set while storage replays the snapshot and journal: new collections start in bulk-load mode. */
  bulkLoading = false;

  setSink(sink: ChangeSink): void {
    this.sink = sink;
    for (const colls of this.dbs.values()) for (const c of colls.values()) c.sink = sink;
  }

  get(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** Collections are created implicitly by the first write or index, as in MongoDB. */
  getOrCreate(db: string, name: string): Collection {
    return this.get(db, name) ?? this.create(db, name);
  }

  create(db: string, name: string, options: Doc = {}, uuid?: UUID): Collection {
    validateDbName(db);
    validateCollectionName(db, name);
    if (this.get(db, name)) throw new MongoCommandError(48, `Collection ${db}.${name} already exists.`);
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    const coll = new Collection(db, name, this.sink, { options, uuid, bulkLoad: this.bulkLoading });
    colls.set(name, coll);
    this.sink.write({ o: 'cc', d: db, c: name, options, uuid: coll.uuid });
    return coll;
  }

  drop(db: string, name: string): Collection | undefined {
    const colls = this.dbs.get(db);
    const coll = colls?.get(name);
    if (!colls || !coll) return undefined;
    colls.delete(name);
    if (colls.size === 0) this.dbs.delete(db);
    this.sink.write({ o: 'dc', d: db, c: name });
    return coll;
  }

  /** Replaces a collection's options (collMod), recorded so a restart sees them. */
  setOptions(coll: Collection, options: Doc): void {
    for (const k of Object.keys(coll.options)) delete coll.options[k];
    Object.assign(coll.options, options);
    this.sink.write({ o: 'co', d: coll.db, c: coll.name, options });
  }

  dropDatabase(db: string): void {
    if (!this.dbs.has(db)) return;
    this.dbs.delete(db);
    this.sink.write({ o: 'dd', d: db });
  }

  rename(db: string, name: string, toDb: string, toName: string, dropTarget: boolean): void {
    const coll = this.get(db, name);
    if (!coll) throw new MongoCommandError(26, `Source collection ${db}.${name} does not exist`);
    validateDbName(toDb);
    validateCollectionName(toDb, toName);
    if (this.get(toDb, toName)) {
      if (!dropTarget) throw new MongoCommandError(48, 'target namespace exists');
      this.drop(toDb, toName);
    }
    const colls = this.dbs.get(db)!;
    colls.delete(name);
    if (colls.size === 0) this.dbs.delete(db);
    let target = this.dbs.get(toDb);
    if (!target) this.dbs.set(toDb, (target = new Map()));
    coll.db = toDb;
    coll.name = toName;
    target.set(toName, coll);
    this.sink.write({ o: 'mv', d: db, c: name, td: toDb, tc: toName });
  }

  collections(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  *allCollections(): Generator<Collection> {
    for (const colls of this.dbs.values()) yield* colls.values();
  }
}
