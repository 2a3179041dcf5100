// One collection: documents by record id, its indexes, and the write paths that keep them in
// step (unique checks first, then apply, then journal).
import { UUID, BSON } from 'bson';
import { MongoCommandError } from './errors.js';
import { Index, type IndexKey, type IndexSpec } from './index-store.js';
import { validateId, withIdFirst, type Doc } from './documents.js';

export interface ChangeSink {
  write(record: Doc): void;
}

export const NULL_SINK: ChangeSink = { write() {} };

export const ID_INDEX_SPEC: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export interface CollectionOptions {
  uuid?: UUID;
  options?: Doc;
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
  sink: ChangeSink;

  constructor(db: string, name: string, sink: ChangeSink, opts: CollectionOptions = {}) {
    this.db = db;
    this.name = name;
    this.sink = sink;
    this.uuid = opts.uuid ?? new UUID();
    this.options = opts.options ?? {};
    this.idIndex = new Index(ID_INDEX_SPEC);
    this.indexes.set('_id_', this.idIndex);
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get count(): number {
    return this.records.size;
  }

  /** Record id of the document with this _id, if any. */
  ridForId(id: unknown): number | undefined {
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
    for (const [index, ks] of this.keysByIndex(doc)) index.remove(rid, ks);
    this.records.delete(rid);
    this.sink.write({ o: 'r', d: this.db, c: this.name, id: doc._id });
  }

  /** Builds a new index over the existing documents; fails with E11000 if a unique one can't hold. */
  addIndex(spec: IndexSpec): Index {
    const index = new Index(spec);
    const entries: Array<{ key: string; rid: number }> = [];
    const owners = new Map<string, number>();
    for (const [rid, doc] of this.records) {
      for (const k of index.keysFor(doc)) {
        if (index.unique) {
          const other = owners.get(k.key);
          if (other !== undefined && other !== rid) throw index.duplicateKeyError(this.ns, k);
          owners.set(k.key, rid);
        }
        entries.push({ key: k.key, rid });
      }
    }
    index.entries.load(entries);
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
