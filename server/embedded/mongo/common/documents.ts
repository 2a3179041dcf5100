// Small helpers for stored documents. Stored documents are shared by reference with cursors and
// replies, so anything that modifies one works on a copy made here.
import { ObjectId } from 'bson';
import { MongoCommandError } from './errors.js';

export type Doc = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Doc {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Deep copy of plain objects, arrays and dates; BSON value classes are immutable and shared. */
export function cloneDoc<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(cloneDoc) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) out[k] = cloneDoc((v as Doc)[k]);
  return out as T;
}

/** MongoDB stores `_id` as the first field and generates an ObjectId when it is missing. */
export function withIdFirst(doc: Doc): Doc {
  if (doc._id === undefined) return { _id: new ObjectId(), ...doc };
  const keys = Object.keys(doc);
  if (keys[0] === '_id') return doc;
  const out: Doc = { _id: doc._id };
  for (const k of keys) if (k !== '_id') out[k] = doc[k];
  return out;
}

export function validateId(id: unknown): void {
  if (Array.isArray(id)) throw new MongoCommandError(53, "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw new MongoCommandError(53, "can't use a regex for _id");
  const dollar = dollarKeyIn(id);
  if (dollar !== undefined) {
    throw new MongoCommandError(
      52,
      `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`,
    );
  }
}

const DBREF_KEYS = new Set(['$ref', '$id', '$db']);

/** The first `$`-prefixed field name inside a value (DBRef's own fields excepted), if any. */
function dollarKeyIn(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    for (const e of v) {
      const found = dollarKeyIn(e);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlainObject(v)) return undefined;
  for (const [k, e] of Object.entries(v)) {
    if (k.startsWith('$') && !DBREF_KEYS.has(k)) return k;
    const found = dollarKeyIn(e);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** True for `{ $op: ... }` style objects (query operators or update modifiers). */
export function isOperatorObject(v: unknown): v is Doc {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys[0].startsWith('$');
}

export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[part];
  }
  return cur;
}

export function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (next === null || typeof next !== 'object') cur[parts[i]] = {};
    cur = cur[parts[i]] as Doc;
  }
  cur[parts[parts.length - 1]] = value;
}

/** Projection values that keep a field where the document has it: inclusion, exclusion, a nested spec. */
export function keepsPlace(specValue: unknown): boolean {
  if (typeof specValue === 'number' || typeof specValue === 'boolean') return true;
  return isPlainObject(specValue) && !isOperatorObject(specValue);
}

/**
 * `out` with its fields in MongoDB's order: the fields `src` had keep their order (recursively),
 * then the fields `spec` computes, in the order the spec names them, then anything else. mingo's
 * projection emits fields sorted by name.
 */
export function reorderLike(
  out: Doc,
  src: Doc,
  spec?: Doc,
  inPlace: (specValue: unknown) => boolean = keepsPlace,
): Doc {
  const result: Doc = {};
  for (const k of Object.keys(src)) {
    if (!(k in out)) continue;
    const sub = spec?.[k];
    if (sub !== undefined && !inPlace(sub)) continue;
    const o = out[k];
    const s = src[k];
    const nested = isPlainObject(sub) ? sub : undefined;
    if (isPlainObject(o) && isPlainObject(s)) result[k] = reorderLike(o, s, nested, inPlace);
    else if (Array.isArray(o) && Array.isArray(s) && o.length === s.length) {
      result[k] = o.map((e, i) =>
        isPlainObject(e) && isPlainObject(s[i]) ? reorderLike(e, s[i] as Doc, nested, inPlace) : e,
      );
    } else result[k] = o;
  }
  if (spec) for (const k of Object.keys(spec)) if (k in out && !(k in result)) result[k] = out[k];
  for (const k of Object.keys(out)) if (!(k in result)) result[k] = out[k];
  return result;
}
