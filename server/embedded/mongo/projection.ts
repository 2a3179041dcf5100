// Find-style projections ({a: 1}, {'b.c': 0}, {'arr.$': 1}, $slice, $elemMatch, expressions) via mingo.
import { Query } from 'mingo/query';
import { cloneDoc, isPlainObject, reorderLike, type Doc } from './documents.js';
import { toCommandError } from './errors.js';
import { mingoOptions } from './mingo-context.js';

function hasDottedExclusion(projection: Doc): boolean {
  return Object.entries(projection).some(([k, v]) => k.includes('.') && (v === 0 || v === false));
}

/** Wraps `docs` so each one comes out projected; returns `docs` itself for an empty projection. */
export function projectIterator(docs: Iterator<Doc>, projection: unknown, filter?: Doc, variables?: Doc): Iterator<Doc> {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
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
          return value === undefined ? { done: true, value: undefined } : { done: false, value: reorderLike(value, last) };
        } catch (err) {
          throw toCommandError(err);
        }
      },
    };
  } catch (err) {
    throw toCommandError(err);
  }
}

export function projectOne(doc: Doc | null, projection: unknown, filter?: Doc): Doc | null {
  if (!doc) return null;
  const one = [doc][Symbol.iterator]();
  const r = projectIterator(one, projection, filter).next();
  return r.done ? null : r.value;
}
