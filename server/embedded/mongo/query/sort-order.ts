// MongoDB's sort order for whole documents: each sort field's key comes from the key encoding,
// and an array sorts by its smallest element ascending (largest descending).
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError, notImplemented } from '../common/errors.js';
import { EMPTY_ARRAY, MISSING, complement, encodeValue } from '../indexes/key-encoding.js';
import { valuesAtPath } from '../indexes/path-values.js';
import type { Collation } from './collation.js';

/** Sort key of one document: arrays sort by their smallest (ascending) or largest (descending) element. */
export function sortKey(doc: Doc, fields: Array<{ parts: string[]; desc: boolean }>): string {
  let key = '';
  for (const f of fields) {
    const values: unknown[] = [];
    valuesAtPath(doc, f.parts, 0, values);
    let best: string | undefined;
    for (const v of values) {
      const enc = encodeValue(v === MISSING ? null : v === EMPTY_ARRAY ? EMPTY_ARRAY : v);
      if (best === undefined || (f.desc ? enc > best : enc < best)) best = enc;
    }
    key += f.desc ? complement(best!) : best!;
  }
  return key;
}

export function sortFields(sort: Doc): Array<{ parts: string[]; desc: boolean }> {
  const entries = Object.entries(sort);
  if (entries.length === 0)
    throw new MongoCommandError(15976, '$sort stage must have at least one sort key', {}, 'Location15976');
  return entries.map(([path, dir]) => {
    if (isPlainObject(dir)) throw notImplemented(`Sort by ${JSON.stringify(dir)}`);
    if (Number(dir) !== 1 && Number(dir) !== -1) {
      throw new MongoCommandError(
        15975,
        '$sort key ordering must be 1 (for ascending) or -1 (for descending)',
        {},
        'Location15975',
      );
    }
    return { parts: path.split('.'), desc: Number(dir) < 0 };
  });
}

type SortFields = Array<{ parts: string[]; desc: boolean }>;

/** Under a collation: each sort field's deciding value (smallest ascending, largest descending). */
export function collatedSortValues(doc: Doc, fields: SortFields, collation: Collation): unknown[] {
  return fields.map((f) => {
    const values: unknown[] = [];
    valuesAtPath(doc, f.parts, 0, values);
    let best: unknown;
    let first = true;
    for (const raw of values) {
      const v = raw === MISSING ? null : raw;
      if (first || (f.desc ? collation.compare(v, best) > 0 : collation.compare(v, best) < 0)) best = v;
      first = false;
    }
    return best;
  });
}

export function compareCollated(a: unknown[], b: unknown[], fields: SortFields, collation: Collation): number {
  for (let i = 0; i < fields.length; i++) {
    const c = collation.compare(a[i], b[i]);
    if (c !== 0) return fields[i].desc ? -c : c;
  }
  return 0;
}

export function sortDocs<T extends Doc>(docs: T[], sort: Doc, collation?: Collation): T[] {
  const fields = sortFields(sort);
  if (collation) {
    const keyed = docs.map((doc) => ({ doc, values: collatedSortValues(doc, fields, collation) }));
    keyed.sort((a, b) => compareCollated(a.values, b.values, fields, collation));
    return keyed.map((k) => k.doc);
  }
  const keyed = docs.map((doc) => ({ doc, key: sortKey(doc, fields) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.doc);
}
