// Find-style projections ({a: 1}, {'b.c': 0}, {'arr.$': 1}, $slice, $elemMatch, expressions) via mingo.
import { Query } from 'mingo/query';
import { cloneDoc, isPlainObject, keepsPlace, reorderLike, type Doc } from './documents.js';
import { MongoCommandError, notImplemented, toCommandError } from './errors.js';
import { mingoOptions } from './mingo-context.js';
import { projectBson, simpleProjection, storedBson } from './raw-bson.js';

function hasDottedExclusion(projection: Doc): boolean {
  return Object.entries(projection).some(([k, v]) => k.includes('.') && (v === 0 || v === false));
}

// Operators that neither include nor exclude: they trim a field the projection keeps anyway.
const NEUTRAL_OPERATORS = new Set(['$slice', '$meta']);

type Mode = 'inclusion' | 'exclusion';

/**
 * mingo refuses a mixed projection without naming the field (or quietly picks one mode); mongod
 * answers 31253/31254 naming it. In a find projection $slice and $meta keep the mode open.
 */
export function checkProjectionMode(projection: Doc, find: boolean, prefix = '', state: { mode?: Mode } = {}): void {
  for (const [key, value] of Object.entries(projection)) {
    const path = prefix + key;
    if (path === '_id') continue;
    let mode: Mode | undefined;
    if (typeof value === 'number' || typeof value === 'boolean') mode = value ? 'inclusion' : 'exclusion';
    else if (isPlainObject(value)) {
      const first = Object.keys(value)[0];
      if (first === undefined || !first.startsWith('$')) {
        checkProjectionMode(value, find, `${path}.`, state);
        continue;
      }
      if (!find || !NEUTRAL_OPERATORS.has(first)) mode = 'inclusion';
    } else mode = 'inclusion';
    if (!mode) continue;
    if (state.mode && state.mode !== mode) {
      throw state.mode === 'inclusion'
        ? new MongoCommandError(31254, `Cannot do exclusion on field ${path} in inclusion projection`, {}, 'Location31254')
        : new MongoCommandError(31253, `Cannot do inclusion on field ${path} in exclusion projection`, {}, 'Location31253');
    }
    state.mode = mode;
  }
}

/** In a find projection a $slice trims the field where it stands; other operators move it after the kept fields. */
function keepsPlaceInFind(specValue: unknown): boolean {
  return keepsPlace(specValue) || (isPlainObject(specValue) && Object.keys(specValue)[0] === '$slice');
}

/** Wraps `docs` so each one comes out projected; returns `docs` itself for an empty projection. */
export function projectIterator(docs: Iterator<Doc>, projection: unknown, filter?: Doc, variables?: Doc): Iterator<Doc> {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
  checkProjectionMode(projection, true);
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  // mingo removes excluded nested fields in place; stored documents must not be touched.
  const copy = hasDottedExclusion(projection);
  let last: Doc = {};
  const source = {
    next(): IteratorResult<Doc> {
      const r = docs.next();
      if (r.done) return r;
      last = r.value;
      return copy ? { done: false, value: cloneDoc(r.value) } : r;
    },
  };
  try {
    const query = new Query(positional && filter ? filter : {}, mingoOptions(variables));
    const out = query.find<Doc>(source as never, projection);
    return {
      next(): IteratorResult<Doc> {
        try {
          const value = out.next();
          return value === undefined ? { done: true, value: undefined } : { done: false, value: reorderLike(value, last, projection, keepsPlaceInFind) };
        } catch (err) {
          throw projectionError(err);
        }
      },
    };
  } catch (err) {
    throw projectionError(err);
  }
}

/**
 * Stored documents as BSON, projected on their bytes: for no projection or a simple one (top-level fields,
 * 0/1/true/false). Undefined for any other projection, which goes through projectIterator.
 */
export function encodedIterator(stored: Iterator<Doc>, projection: unknown): Iterator<Uint8Array> | undefined {
  const projects = isPlainObject(projection) && Object.keys(projection).length > 0;
  const simple = projects ? simpleProjection(projection) : undefined;
  if (projects && !simple) return undefined;
  return {
    next(): IteratorResult<Uint8Array> {
      const r = stored.next();
      if (r.done) return { done: true, value: undefined };
      const bytes = storedBson(r.value);
      return { done: false, value: simple ? projectBson(bytes, simple) : bytes };
    },
  };
}

function projectionError(err: unknown): MongoCommandError {
  // The mode check passed, so this is mingo not knowing that $slice leaves the mode open.
  if (err instanceof Error && /Cannot do exclusion and inclusion/.test(err.message)) {
    return notImplemented('A find projection mixing exclusions with $slice');
  }
  return toCommandError(err);
}

export function projectOne(doc: Doc | null, projection: unknown, filter?: Doc): Doc | null {
  if (!doc) return null;
  const one = [doc][Symbol.iterator]();
  const r = projectIterator(one, projection, filter).next();
  return r.done ? null : r.value;
}
