// One secondary (or _id) index: key extraction with MongoDB's multikey rules, sparse and partial
// filtering, and unique-key checks over an ordered entry list.
import { Query } from 'mingo/query';
import { mingoOptions } from '../operators/mingo-context.js';
import { MongoCommandError, badValue, notImplemented } from '../common/errors.js';
import { EMPTY_ARRAY, MISSING, complement, encodeValue } from './key-encoding.js';
import { valuesAtPath } from './path-values.js';
import { SortedList } from './sorted-list.js';
import { formatValue } from '../common/format.js';
import { holdsString, parseCollation, type Collation } from '../query/collation.js';

export interface IndexSpec {
  v: number;
  key: Record<string, number>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Record<string, unknown>;
  [option: string]: unknown;
}

export interface IndexField {
  path: string;
  parts: string[];
  desc: boolean;
}

export interface IndexKey {
  key: string;
  /** The raw value of each field for this key, for E11000 messages. */
  values: unknown[];
}

const ALLOWED_OPTIONS = new Set([
  'v',
  'key',
  'name',
  'unique',
  'sparse',
  'expireAfterSeconds',
  'partialFilterExpression',
  'background',
  'ns',
  'collation',
  'hidden',
]);

/** Default index name as MongoDB builds it: `a_1_b_-1`. */
export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');
}

/** `defaultCollation`: the collection's, which an index without its own collation takes. */
export function validateIndexSpec(raw: Record<string, unknown>, defaultCollation?: Collation): IndexSpec {
  const key = raw.key;
  if (!key || typeof key !== 'object' || Array.isArray(key) || Object.keys(key).length === 0) {
    throw new MongoCommandError(67, 'Index key pattern must be a non-empty object');
  }
  for (const [field, dir] of Object.entries(key as Record<string, unknown>)) {
    if (typeof dir === 'string') throw notImplemented(`Index type '${dir}' (on field ${field})`);
    if (field.endsWith('$**')) throw notImplemented(`Wildcard index on '${field}'`);
    if (field.split('.').some((part) => part.startsWith('$') || part === '')) {
      throw new MongoCommandError(67, `Index key contains an illegal field name: '${field}'`);
    }
    if (typeof dir !== 'number' || dir === 0 || Number.isNaN(dir)) {
      throw new MongoCommandError(67, `Values in the index key pattern can't be 0 or non-numeric: ${field}`);
    }
  }
  for (const option of Object.keys(raw)) {
    if (!ALLOWED_OPTIONS.has(option)) throw notImplemented(`Index option '${option}'`);
  }
  const collation = raw.collation === undefined ? defaultCollation : parseCollation(raw.collation);
  // Unique keys and partial filters compare binary strings here: refused rather than enforced wrongly.
  if (collation && raw.unique) throw notImplemented('Unique index with a non-simple collation');
  if (collation && holdsString(raw.partialFilterExpression))
    throw notImplemented('Partial index on strings with a non-simple collation');
  const name = typeof raw.name === 'string' ? raw.name : defaultIndexName(key as Record<string, unknown>);
  const spec: IndexSpec = { v: 2, key: key as Record<string, number>, name };
  if (raw.unique) spec.unique = true;
  if (raw.sparse) spec.sparse = true;
  if (raw.expireAfterSeconds !== undefined) {
    const ttl = Number(raw.expireAfterSeconds);
    if (!Number.isFinite(ttl) || ttl < 0)
      throw new MongoCommandError(67, 'TTL index expireAfterSeconds must be a non-negative number');
    if (Object.keys(key as object).length !== 1) {
      throw new MongoCommandError(67, 'TTL indexes are single-field indexes, compound indexes do not support TTL');
    }
    spec.expireAfterSeconds = ttl;
  }
  if (raw.partialFilterExpression !== undefined) {
    if (typeof raw.partialFilterExpression !== 'object' || raw.partialFilterExpression === null) {
      throw badValue('partialFilterExpression must be an object');
    }
    spec.partialFilterExpression = raw.partialFilterExpression as Record<string, unknown>;
  }
  if (raw.hidden) spec.hidden = true;
  if (collation) spec.collation = collation.spec;
  return spec;
}

export class Index {
  readonly spec: IndexSpec;
  readonly fields: IndexField[];
  readonly entries = new SortedList();
  private readonly partial?: Query;
  /** Set once any document produced more than one key: bounds and sort use get more careful. */
  multikey = false;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.entries(spec.key).map(([path, dir]) => ({ path, parts: path.split('.'), desc: dir < 0 }));
    if (spec.partialFilterExpression) this.partial = new Query(spec.partialFilterExpression, mingoOptions());
  }

  get name(): string {
    return this.spec.name;
  }

  /** The _id index is unique without saying so in its spec (listIndexes shows no `unique`). */
  get unique(): boolean {
    return this.spec.unique === true || this.spec.name === '_id_';
  }

  /** Keys a document contributes, or an empty list when sparse/partial rules leave it out. */
  keysFor(doc: Record<string, unknown>): IndexKey[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField: unknown[][] = [];
    let allMissing = true;
    let arrays = 0;
    for (const field of this.fields) {
      const values: unknown[] = [];
      valuesAtPath(doc, field.parts, 0, values);
      if (values.length > 1) arrays++;
      for (const v of values) if (v !== MISSING) allMissing = false;
      perField.push(values);
    }
    if (this.spec.sparse && allMissing) return [];
    if (arrays > 1) {
      const names = this.fields.filter((_, i) => perField[i].length > 1).map((f) => `[${f.path}]`);
      throw new MongoCommandError(171, `cannot index parallel arrays ${names.slice(0, 2).reverse().join(' ')}`);
    }
    let keys: IndexKey[] = [{ key: '', values: [] }];
    for (let f = 0; f < this.fields.length; f++) {
      const desc = this.fields[f].desc;
      const next: IndexKey[] = [];
      for (const partial of keys) {
        for (const v of perField[f]) {
          const enc = encodeValue(v === MISSING ? null : v);
          next.push({ key: partial.key + (desc ? complement(enc) : enc), values: [...partial.values, v] });
        }
      }
      keys = next;
    }
    if (keys.length > 1) {
      const seen = new Set<string>();
      keys = keys.filter((k) => (seen.has(k.key) ? false : (seen.add(k.key), true)));
      this.multikey = true;
    }
    return keys;
  }

  add(rid: number, keys: IndexKey[]): void {
    for (const k of keys) this.entries.insert({ key: k.key, rid });
  }

  remove(rid: number, keys: IndexKey[]): void {
    for (const k of keys) this.entries.remove({ key: k.key, rid });
  }

  /** The first key of `keys` already owned by another record, for unique indexes. */
  conflict(keys: IndexKey[], rid: number): IndexKey | undefined {
    if (!this.unique) return undefined;
    for (const k of keys) if (this.entries.otherWithKey(k.key, rid) !== undefined) return k;
    return undefined;
  }

  duplicateKeyError(ns: string, key: IndexKey): MongoCommandError {
    const keyValue: Record<string, unknown> = {};
    const shown: string[] = [];
    this.fields.forEach((f, i) => {
      let v = key.values[i];
      if (v === MISSING || v === EMPTY_ARRAY) v = null;
      keyValue[f.path] = v;
      shown.push(`${f.path}: ${formatValue(v)}`);
    });
    return new MongoCommandError(
      11000,
      `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: { ${shown.join(', ')} }`,
      { keyPattern: { ...this.spec.key }, keyValue },
    );
  }
}
