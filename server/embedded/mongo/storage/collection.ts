// One collection: documents by record id, its indexes, and the write paths that keep them in
// step (unique checks first, then apply, then journal).
import { UUID, BSON } from 'bson';
import { MongoCommandError } from '../common/errors.js';
import { Index, type IndexKey, type IndexSpec } from '../indexes/index-store.js';
import { validateId, withIdFirst, type Doc } from '../common/documents.js';
import { encodeValue } from '../indexes/key-encoding.js';

export interface ChangeSink {
  write(record: Doc): void;
}

export const NULL_SINK: ChangeSink = { write() {} };

export const ID_INDEX_SPEC: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export interface CollectionOptions {
  uuid?: UUID;
  options?: Doc;
  /** Start in bulk-load mode (see beginBulkLoad). */
  bulkLoad?: boolean;
}

export class Collection {
  db: string;
  name: string;
  readonly uuid: UUID;
  readonly options: Doc;
  readonly records = new Map<number, Doc>();
  readonly indexes = new Map<string, Index>();
  readonly idIndex: Index;
  private nextRid = 1;
  /** Encoded _id -> record id while bulk loading, when the indexes are not maintained. */
  private loadingIds?: Map<string, number>;
  sink: ChangeSink;

  constructor(db: string, name: string, sink: ChangeSink, opts: CollectionOptions = {}) {
    this.db = db;
    this.name = name;
    this.sink = sink;
    this.uuid = opts.uuid ?? new UUID();
    this.options = opts.options ?? {};
    this.idIndex = new Index(ID_INDEX_SPEC);
    this.indexes.set('_id_', this.idIndex);
    if (opts.bulkLoad) this.beginBulkLoad();
  }

  /**
   * Replaying a journal or snapshot: records are applied without touching the indexes (or
   * checking uniqueness, which the journal already passed), and finishBulkLoad builds every
   * index once, sorted, which is several times faster than inserting key by key.
   */
  beginBulkLoad(): void {
    this.loadingIds = new Map();
    for (const [rid, doc] of this.records) this.loadingIds.set(encodeValue(doc._id), rid);
  }

  /** Builds the indexes over the loaded records; returns the names of unique indexes that had to drop duplicates. */
  finishBulkLoad(): string[] {
    if (!this.loadingIds) return [];
    this.loadingIds = undefined;
    const damaged: string[] = [];
    for (const index of this.indexes.values()) {
      if (!this.buildEntries(index, false)) damaged.push(index.name);
    }
    return damaged;
  }

  /**
   * Fills a new index from the stored documents. With `strict`, a duplicate on a unique index
   * throws E11000; otherwise the duplicate stays out of the index and false is returned.
   */
  private buildEntries(index: Index, strict: boolean): boolean {
    const entries: Array<{ key: string; rid: number }> = [];
    const owners = index.unique ? new Map<string, number>() : undefined;
    let clean = true;
    for (const [rid, doc] of this.records) {
      for (const k of index.keysFor(doc)) {
        const other = owners?.get(k.key);
        if (other !== undefined && other !== rid) {
          if (strict) throw index.duplicateKeyError(this.ns, k);
          clean = false;
          continue;
        }
        owners?.set(k.key, rid);
        entries.push({ key: k.key, rid });
      }
    }
    index.entries.load(entries);
    return clean;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get count(): number {
    return this.records.size;
  }

  /** Record id of the document with this _id, if any. */
  ridForId(id: unknown): number | undefined {
    if (this.loadingIds) return this.loadingIds.get(encodeValue(id));
    const keys = this.idIndex.keysFor({ _id: id });
    for (const e of this.idIndex.entries.range(keys[0].key, keys[0].key + '\u0000', false)) return e.rid;
    return undefined;
  }

  private keysByIndex(doc: Doc): Map<Index, IndexKey[]> {
    const out = new Map<Index, IndexKey[]>();
    for (const index of this.indexes.values()) out.set(index, index.keysFor(doc));
    return out;
  }

  private checkUnique(keys: Map<Index, IndexKey[]>, rid: number): void {
    for (const [index, ks] of keys) {
      const dup = index.conflict(ks, rid);
      if (dup) throw index.duplicateKeyError(this.ns, dup);
    }
  }

  /** Inserts a document (already validated); returns the stored document. */
  insert(input: Doc): Doc {
    const doc = withIdFirst(input);
    validateId(doc._id);
    const rid = this.nextRid++;
    if (this.loadingIds) {
      this.loadingIds.set(encodeValue(doc._id), rid);
      this.records.set(rid, doc);
      return doc;
    }
    const keys = this.keysByIndex(doc);
    this.checkUnique(keys, rid);
    for (const [index, ks] of keys) index.add(rid, ks);
    this.records.set(rid, doc);
    this.sink.write({ o: 'i', d: this.db, c: this.name, doc });
    return doc;
  }

  /** Replaces the document stored under `rid` (same _id). */
  replace(rid: number, doc: Doc): void {
    const old = this.records.get(rid);
    if (!old) throw new MongoCommandError(1, 'internal error: replacing a missing record');
    if (this.loadingIds) {
      this.records.set(rid, doc);
      return;
    }
    const oldKeys = this.keysByIndex(old);
    const newKeys = this.keysByIndex(doc);
    this.checkUnique(newKeys, rid);
    for (const [index, ks] of oldKeys) {
      const next = newKeys.get(index)!;
      if (ks.length === 1 && next.length === 1 && ks[0].key === next[0].key) continue;
      index.remove(rid, ks);
      index.add(rid, next);
    }
    this.records.set(rid, doc);
    this.sink.write({ o: 'u', d: this.db, c: this.name, doc });
  }

  remove(rid: number): void {
    const doc = this.records.get(rid);
    if (!doc) return;
    if (this.loadingIds) this.loadingIds.delete(encodeValue(doc._id));
    else for (const [index, ks] of this.keysByIndex(doc)) index.remove(rid, ks);
    this.records.delete(rid);
    this.sink.write({ o: 'r', d: this.db, c: this.name, id: doc._id });
  }

  /** Builds a new index over the existing documents; fails with E11000 if a unique one can't hold. */
  addIndex(spec: IndexSpec): Index {
    const index = new Index(spec);
    if (!this.loadingIds) this.buildEntries(index, true);
    this.indexes.set(spec.name, index);
    this.sink.write({ o: 'ci', d: this.db, c: this.name, spec });
    return index;
  }

  dropIndex(name: string): void {
    this.indexes.delete(name);
    this.sink.write({ o: 'di', d: this.db, c: this.name, name });
  }

  /** Approximate data size: BSON size of every document (computed on demand for stats). */
  dataSize(): number {
    let size = 0;
    for (const doc of this.records.values()) size += BSON.calculateObjectSize(doc);
    return size;
  }

  info(): Doc {
    return { name: this.name, uuid: this.uuid, options: this.options };
  }
}
