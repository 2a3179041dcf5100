// Chooses an index for a filter (and sort) and turns the filter's equality / $in / range
// predicates into key intervals. The index only narrows candidates: every candidate is still
// matched against the full filter by mingo, so a plan may be loose but never too tight.
import type { Collection } from './collection.js';
import { isOperatorObject, isPlainObject, type Doc } from './documents.js';
import type { Index } from './index-store.js';
import { KEY_HIGH, complement, encodeValue, typeBracket } from './key-encoding.js';
import { badValue, notImplemented } from './errors.js';
import { impliesPartialFilter } from './partial-filter.js';
import type { Collation } from './collation.js';

interface Bound {
  value: unknown;
  inclusive: boolean;
}

export interface FieldPredicate {
  points?: unknown[];
  lo?: Bound;
  hi?: Bound;
}

/** Predicates per field, and whether they say everything the filter says. */
export interface Predicates {
  fields: Map<string, FieldPredicate>;
  /** Some part of the filter is not captured by `fields` (other operators, $or, odd values...). */
  residual: boolean;
}

export interface Plan {
  index?: Index;
  /** Half-open [lo, hi) intervals over encoded keys, ascending. */
  intervals: Array<[string, string]>;
  /** Walk the index (or the collection) backwards. */
  reverse: boolean;
  /** The scan already yields documents in the requested sort order. */
  providesSort: boolean;
  /** Every scanned document matches the filter: the index bounds express it completely. */
  exact: boolean;
  /** An $or answered by the union of one index scan per branch (no `index` then). */
  branches?: Plan[];
}

export interface ScanStats {
  keysExamined: number;
  docsExamined: number;
}

function usableValue(v: unknown): boolean {
  if (v === undefined || Array.isArray(v) || v instanceof RegExp) return false;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  return t !== 'BSONRegExp' && t !== 'MinKey' && t !== 'MaxKey';
}

/** Values whose index key equality / order is exactly MongoDB's $eq / $gt semantics. */
function simpleValue(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(v);
  }
  if (v instanceof Date) return true;
  return (v as { _bsontype?: string } | null)?._bsontype === 'ObjectId';
}

function mergePredicate(preds: Predicates, field: string, p: FieldPredicate): void {
  const map = preds.fields;
  const cur = map.get(field);
  if (!cur) {
    map.set(field, p);
    return;
  }
  preds.residual = true;
  // Keeping the first of two predicates is always safe: the filter is re-checked per document.
  if (!cur.points && p.points) cur.points = p.points;
  if (!cur.lo && p.lo) cur.lo = p.lo;
  if (!cur.hi && p.hi) cur.hi = p.hi;
}

/** Field predicates an index can serve, from the top level of a filter and its $and branches. */
export function extractPredicates(filter: Doc, out: Predicates = { fields: new Map(), residual: false }): Predicates {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const sub of value) {
        if (isPlainObject(sub)) extractPredicates(sub, out);
        else out.residual = true;
      }
      continue;
    }
    if (key === '$comment') continue;
    if (key.startsWith('$')) {
      out.residual = true;
      continue;
    }
    if (isOperatorObject(value)) {
      const p: FieldPredicate = {};
      for (const [op, arg] of Object.entries(value)) {
        let used = false;
        switch (op) {
          case '$eq':
            if (usableValue(arg) && !p.points) {
              p.points = [arg];
              used = simpleValue(arg);
            }
            break;
          case '$in':
            if (Array.isArray(arg) && arg.every(usableValue) && !p.points) {
              p.points = arg;
              used = arg.every(simpleValue);
            }
            break;
          case '$gt':
          case '$gte':
            if (usableValue(arg) && arg !== null && !p.lo) {
              p.lo = { value: arg, inclusive: op === '$gte' };
              used = simpleValue(arg);
            }
            break;
          case '$lt':
          case '$lte':
            if (usableValue(arg) && arg !== null && !p.hi) {
              p.hi = { value: arg, inclusive: op === '$lte' };
              used = simpleValue(arg);
            }
            break;
        }
        if (!used) out.residual = true;
      }
      if (p.points && (p.lo || p.hi)) out.residual = true;
      if (p.points || p.lo || p.hi) mergePredicate(out, key, p);
    } else if (usableValue(value)) {
      if (!simpleValue(value)) out.residual = true;
      mergePredicate(out, key, { points: [value] });
    } else {
      out.residual = true;
    }
  }
  return out;
}

function encodeComponent(v: unknown, desc: boolean): string {
  const enc = encodeValue(v);
  return desc ? complement(enc) : enc;
}

/** [start, end) of one range component, in the component's own (possibly descending) order. */
function rangeComponent(p: FieldPredicate, desc: boolean, multikey: boolean): [string, string] {
  let lo = p.lo;
  let hi = p.hi;
  // $gt 5 and $lt 'z' bracket to different types: nothing can match both.
  if (lo && hi && encodeValue(lo.value)[0] !== encodeValue(hi.value)[0]) return ['', ''];
  // A multikey index can't intersect bounds: [0, 10] matches {$gt: 1, $lt: 5} through two elements.
  if (multikey && lo && hi) hi = undefined;
  // NaN sorts below every number, yet no $lt / $lte matches it: start numeric ranges at -Infinity.
  if (!lo && hi && encodeValue(hi.value)[0] === NUMBER_TAG) lo = { value: -Infinity, inclusive: true };
  const bracketOf = (b: Bound) => typeBracket(encodeValue(b.value));
  if (!desc) {
    const start = lo ? encodeValue(lo.value) + (lo.inclusive ? '' : KEY_HIGH) : bracketOf(hi!)[0];
    const end = hi ? encodeValue(hi.value) + (hi.inclusive ? KEY_HIGH : '') : bracketOf(lo!)[1];
    return [start, end];
  }
  const compBracket = (b: Bound): [string, string] => {
    const tag = encodeValue(b.value).charCodeAt(0);
    return [String.fromCharCode(0xffff - tag), String.fromCharCode(0xffff - tag + 1)];
  };
  const start = hi ? complement(encodeValue(hi.value)) + (hi.inclusive ? '' : KEY_HIGH) : compBracket(lo!)[0];
  const end = lo ? complement(encodeValue(lo.value)) + (lo.inclusive ? KEY_HIGH : '') : compBracket(hi!)[1];
  return [start, end];
}

const NUMBER_TAG = encodeValue(0)[0];

interface Candidate {
  plan: Plan;
  score: number;
}

function sortEntries(sort: Doc | undefined): Array<[string, number]> {
  if (!sort) return [];
  return Object.entries(sort).map(([k, v]) => {
    if (isPlainObject(v)) throw notImplemented(`Sort by ${JSON.stringify(v)}`);
    return [k, Number(v) < 0 ? -1 : 1];
  });
}

function planForIndex(index: Index, predicates: Predicates, sort: Array<[string, number]>, hinted = false): Candidate | undefined {
  const preds = predicates.fields;
  const partial = index.spec.partialFilterExpression;
  if (!hinted && (index.spec.hidden || (partial && !impliesPartialFilter(predicates, partial)))) return undefined;
  const fields = index.fields;
  let prefixes = [''];
  let boundFields = 0;
  let pointFields = 0;
  let singlePointPrefix = 0;
  let stillSingle = true;
  let ranged = false;
  let nullPoint = false;
  let range: [string, string] | undefined;
  for (const field of fields) {
    const p = preds.get(field.path);
    if (!p) break;
    if (p.points) {
      if (p.points.length * prefixes.length > 2000) break;
      const encs = [...new Set(p.points.map((v) => encodeComponent(v, field.desc)))].sort();
      if (p.points.some((v) => v === null)) nullPoint = true;
      prefixes = prefixes.flatMap((pre) => encs.map((e) => pre + e));
      boundFields++;
      pointFields++;
      if (stillSingle && encs.length === 1) singlePointPrefix++;
      else stillSingle = false;
      continue;
    }
    range = rangeComponent(p, field.desc, index.multikey);
    boundFields++;
    ranged = true;
    break;
  }
  // A sparse index lacks documents without the field, so it can't answer for null or for "all".
  if (index.spec.sparse && (boundFields === 0 || nullPoint)) return undefined;

  const intervals: Array<[string, string]> = prefixes.map((pre) =>
    range ? [pre + range[0], pre + range[1]] : [pre, pre + KEY_HIGH],
  );

  // Sort fields pinned to one value by the filter don't affect order; the rest must follow the index.
  let providesSort = false;
  let reverse = false;
  if (sort.length && !index.multikey) {
    const pinned = new Set(fields.slice(0, singlePointPrefix).map((f) => f.path));
    const rest = sort.filter(([k]) => !pinned.has(k));
    const tail = fields.slice(singlePointPrefix, singlePointPrefix + rest.length);
    if (tail.length === rest.length) {
      const same = rest.every(([k, d], i) => tail[i].path === k && (d < 0) === tail[i].desc);
      const opposite = rest.every(([k, d], i) => tail[i].path === k && (d < 0) !== tail[i].desc);
      if (rest.length === 0 || same || opposite) {
        providesSort = true;
        reverse = rest.length > 0 && !same;
      }
    }
  }
  if (boundFields === 0 && !providesSort) return undefined;
  const boundPaths = new Set(fields.slice(0, boundFields).map((f) => f.path));
  const exact = !predicates.residual && !index.multikey && !nullPoint &&
    [...preds.keys()].every((k) => boundPaths.has(k));
  let score = pointFields * 10 + (ranged ? 5 : 0) + (providesSort ? 3 : 0);
  if (index.unique && pointFields === fields.length) score += 100;
  if (boundFields === 0) score = 1;
  const sorted = intervals.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { plan: { index, intervals: sorted, reverse, providesSort, exact }, score };
}

function sameKeyPattern(a: Doc, b: Doc): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && Number(a[k]) === Number(b[k]));
}

function hintedIndex(coll: Collection, hint: unknown): Index {
  const index = typeof hint === 'string'
    ? coll.indexes.get(hint)
    : isPlainObject(hint) ? [...coll.indexes.values()].find((i) => sameKeyPattern(i.spec.key, hint)) : undefined;
  if (!index) throw badValue('hint provided does not correspond to an existing index');
  return index;
}

/**
 * Index keys hold strings in binary order, and a collated index is kept the same way: so under a
 * non-simple collation (the query's or the index's) no index narrows a scan or provides an order;
 * a hinted one is walked whole and every document re-matched.
 */
function collatedIndex(index: Index): boolean {
  return isPlainObject(index.spec.collation) && index.spec.collation.locale !== 'simple';
}

export function planQuery(coll: Collection | undefined, filter: Doc, sort?: Doc, hint?: unknown, collation?: Collation): Plan {
  const sortSpec = sortEntries(sort);
  const natural = sortSpec.length === 1 && sortSpec[0][0] === '$natural';
  const collscan: Plan = { intervals: [], reverse: natural && sortSpec[0][1] < 0, providesSort: natural || sortSpec.length === 0, exact: false };
  if (!coll || natural) return collscan;
  if (isPlainObject(hint) && '$natural' in hint) return { ...collscan, reverse: Number(hint.$natural) < 0 };
  const preds = extractPredicates(filter);
  if (hint !== undefined && hint !== null && !(isPlainObject(hint) && Object.keys(hint).length === 0)) {
    // A hinted index is used even where it can't narrow the scan (or, sparse/partial, misses documents), as in mongod.
    const index = hintedIndex(coll, hint);
    const forced = collation || collatedIndex(index) ? undefined : planForIndex(index, preds, sortSpec, true);
    return forced?.plan ?? { index, intervals: [['', KEY_HIGH]], reverse: false, providesSort: sortSpec.length === 0, exact: false };
  }
  if (collation) return collscan;
  const best = bestCandidate(coll, preds, sortSpec);
  // An index that only walks everything in sort order narrows nothing: an indexed $or does better.
  if (!best || best.score <= 1) {
    const union = planOr(coll, filter, sortSpec);
    if (union) return union;
  }
  return best ? best.plan : collscan;
}

function bestCandidate(coll: Collection, preds: Predicates, sortSpec: Array<[string, number]>): Candidate | undefined {
  let best: Candidate | undefined;
  for (const index of coll.indexes.values()) {
    if (collatedIndex(index)) continue;
    const c = planForIndex(index, preds, sortSpec);
    if (c && (!best || c.score > best.score)) best = c;
  }
  return best;
}

/** The first $or of the filter's top level (or of a top-level $and), and the filter without it. */
function splitOr(filter: Doc): { branches: unknown[]; rest: Doc } | undefined {
  if (Array.isArray(filter.$or)) {
    const { $or: branches, ...rest } = filter;
    return { branches: branches as unknown[], rest };
  }
  if (!Array.isArray(filter.$and)) return undefined;
  const and = filter.$and as unknown[];
  const at = and.findIndex((sub) => isPlainObject(sub) && Array.isArray(sub.$or) && Object.keys(sub).length === 1);
  if (at < 0) return undefined;
  const rest: Doc = { ...filter, $and: and.filter((_, i) => i !== at) };
  if ((rest.$and as unknown[]).length === 0) delete rest.$and;
  return { branches: (and[at] as Doc).$or as unknown[], rest };
}

/**
 * An $or whose every branch (with the rest of the filter, which each match also satisfies) can
 * use an index: one scan per branch, their union deduplicated, every document re-matched against
 * the whole filter. Any branch without an index makes it a collection scan, as in mongod.
 */
function planOr(coll: Collection, filter: Doc, sortSpec: Array<[string, number]>): Plan | undefined {
  const split = splitOr(filter);
  if (!split || split.branches.length === 0 || split.branches.length > 100) return undefined;
  const branches: Plan[] = [];
  for (const branch of split.branches) {
    if (!isPlainObject(branch)) return undefined;
    const preds = extractPredicates({ $and: [split.rest, branch] });
    // A branch's own plan must narrow the scan: sort order alone is no use in a union.
    const c = bestCandidate(coll, preds, []);
    if (!c || c.score <= 1) return undefined;
    branches.push({ ...c.plan, exact: false });
  }
  return { intervals: [], reverse: false, providesSort: sortSpec.length === 0, exact: false, branches };
}
