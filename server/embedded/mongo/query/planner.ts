// Chooses an index for a filter (and sort) and turns the filter's equality / $in / range
// predicates into key intervals. The index only narrows candidates: every candidate is still
// matched against the full filter by mingo, so a plan may be loose but never too tight.
import type { Collection } from '../storage/collection.js';
import { isOperatorObject, isPlainObject, type Doc } from '../common/documents.js';
import type { Index } from '../indexes/index-store.js';
import { KEY_HIGH, complement, encodeValue, typeBracket } from '../indexes/key-encoding.js';
import { badValue, notImplemented } from '../common/errors.js';
import { impliesPartialFilter } from './partial-filter.js';
import type { Collation } from './collation.js';
import { formatValue } from '../common/format.js';

interface Bound {
  value: unknown;
  inclusive: boolean;
}

export interface FieldPredicate {
  points?: unknown[];
  lo?: Bound;
  hi?: Bound;
  /** An anchored `$regex` (`/^abc/`): the literal prefix every matching string starts with. */
  prefix?: { text: string; regex: string };
  /** `$ne`: every key but this value's. */
  ne?: unknown;
  /** `$exists: true`: a sparse or partial index holds every matching document. */
  exists?: boolean;
}

/** Predicates per field, and whether they say everything the filter says. */
export interface Predicates {
  fields: Map<string, FieldPredicate>;
  /** Some part of the filter is not captured by `fields` (other operators, $or, odd values...). */
  residual: boolean;
  /**
   * The fields whose own predicates the index bounds only narrow (null points, regexes, $ne...): when `residual`
   * comes from these alone, re-matching just them is enough. `mixed`: a field appears more than once (an $and),
   * or the filter holds something that belongs to no field, so the whole filter is re-matched.
   */
  recheck: Set<string>;
  mixed: boolean;
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
  /**
   * Not exact, but the bounds express every field except these: a scanned document matches when these fields'
   * own predicates do (a null point, which the key cannot tell from a missing field, and the like).
   */
  recheck?: string[];
  /** An $or answered by the union of one index scan per branch (no `index` then). */
  branches?: Plan[];
  /** explain's indexBounds: per index field, its intervals as mongod prints them. */
  bounds?: Record<string, string[]>;
  /**
   * SORT_MERGE: the scan of each interval is in sort order after its first `merge[i]` characters
   * (the key of the `$in` values before the sort fields); the scans are merged on the rest.
   */
  merge?: number[];
  /** For SORT_MERGE, each merged scan's bounds. */
  mergeBounds?: Array<Record<string, string[]>>;
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
  preds.mixed = true;
  // Keeping the first of two predicates is always safe: the filter is re-checked per document.
  if (!cur.points && p.points) cur.points = p.points;
  if (!cur.lo && p.lo) cur.lo = p.lo;
  if (!cur.hi && p.hi) cur.hi = p.hi;
  if (!cur.prefix && p.prefix) cur.prefix = p.prefix;
  if (cur.ne === undefined && p.ne !== undefined) cur.ne = p.ne;
  if (!cur.exists && p.exists) cur.exists = true;
}

/**
 * The literal prefix of an anchored regular expression (`^abc`, `\Aabc`), as mongod takes it for
 * index bounds: none with the i, m or x flags or any alternation; a quantified last character is
 * not part of it.
 */
export function regexPrefix(source: string, flags: string): string | undefined {
  if (/[^su]/.test(flags) || source.includes('|')) return undefined;
  let i: number;
  if (source.startsWith('^')) i = 1;
  else if (source.startsWith('\\A')) i = 2;
  else return undefined;
  let out = '';
  for (; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const n = source[i + 1];
      if (n === undefined || /[A-Za-z0-9]/.test(n)) break;
      out += n;
      i++;
      continue;
    }
    if ('^$.?*+()[]{}'.includes(c)) {
      if (c === '?' || c === '*' || c === '{') out = out.slice(0, -1);
      break;
    }
    out += c;
  }
  return out || undefined;
}

function regexOf(v: unknown): { source: string; flags: string } | undefined {
  if (v instanceof RegExp) return { source: v.source, flags: v.flags };
  const r = v as { _bsontype?: string; pattern?: string; options?: string } | null;
  if (r?._bsontype === 'BSONRegExp') return { source: String(r.pattern), flags: String(r.options ?? '') };
  if (typeof v === 'string') return { source: v, flags: '' };
  return undefined;
}

function prefixPredicate(re: { source: string; flags: string } | undefined): FieldPredicate['prefix'] {
  if (!re) return undefined;
  const text = regexPrefix(re.source, re.flags);
  return text === undefined ? undefined : { text, regex: `/${re.source}/${re.flags}` };
}

/** Field predicates an index can serve, from the top level of a filter and its $and branches. */
export function extractPredicates(
  filter: Doc,
  out: Predicates = { fields: new Map(), residual: false, recheck: new Set(), mixed: false },
): Predicates {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const sub of value) {
        if (isPlainObject(sub)) extractPredicates(sub, out);
        else out.residual = true;
      }
      out.mixed = true;
      continue;
    }
    if (key === '$comment') continue;
    if (key.startsWith('$')) {
      out.residual = true;
      out.mixed = true;
      continue;
    }
    const local = () => {
      out.residual = true;
      out.recheck.add(key);
    };
    if (isOperatorObject(value)) {
      const p: FieldPredicate = {};
      for (const [op, arg] of Object.entries(value)) {
        let used = false;
        switch (op) {
          case '$regex': {
            // Always re-matched: the prefix only narrows the scan.
            const options = typeof value.$options === 'string' ? value.$options : '';
            const re = regexOf(arg);
            if (re) p.prefix ??= prefixPredicate({ source: re.source, flags: re.flags + options });
            break;
          }
          case '$ne':
            if ((arg === null || simpleValue(arg)) && p.ne === undefined) p.ne = arg;
            break;
          case '$exists':
            if (arg === true || (typeof arg === 'number' && arg !== 0)) p.exists = true;
            break;
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
        if (!used) local();
      }
      if (p.points && (p.lo || p.hi)) local();
      if (p.points || p.lo || p.hi || p.prefix || p.ne !== undefined || p.exists) mergePredicate(out, key, p);
    } else if (regexOf(value) && typeof value !== 'string') {
      local();
      const prefix = prefixPredicate(regexOf(value));
      if (prefix) mergePredicate(out, key, { prefix });
    } else if (usableValue(value)) {
      if (!simpleValue(value)) local();
      mergePredicate(out, key, { points: [value] });
    } else {
      local();
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

/** Keys starting with `enc` (an encoded prefix): [enc, enc with its last unit raised). */
function startsWith(enc: string): [string, string] {
  const last = enc.charCodeAt(enc.length - 1);
  if (last === 0xffff) return [enc, enc + KEY_HIGH];
  return [enc, enc.slice(0, -1) + String.fromCharCode(last + 1)];
}

const REGEX_BRACKET = typeBracket(encodeValue(/x/));

/** Component intervals of a non-point predicate, or undefined when this index can't use it. */
function componentRanges(p: FieldPredicate, desc: boolean, index: Index): Array<[string, string]> | undefined {
  if (p.lo || p.hi) return [rangeComponent(p, desc, index.multikey)];
  if (p.prefix) {
    // Strings starting with the prefix, and stored regular expressions (which a regex query matches too).
    const enc = encodeValue(p.prefix.text).slice(0, -1);
    if (!desc) return [startsWith(enc), REGEX_BRACKET];
    const tag = REGEX_BRACKET[0].charCodeAt(0);
    const regexes: [string, string] = [String.fromCharCode(0xffff - tag), String.fromCharCode(0x10000 - tag)];
    return [startsWith(complement(enc)), regexes];
  }
  if (p.ne !== undefined) {
    // A sparse index lacks the documents without the field, which $ne matches.
    if (index.spec.sparse) return undefined;
    const enc = encodeComponent(p.ne, desc);
    return [
      ['', enc],
      [enc + KEY_HIGH, KEY_HIGH],
    ];
  }
  // $exists: true narrows only an index that leaves documents out (sparse, or partial and implied).
  if (p.exists && (index.spec.sparse || index.spec.partialFilterExpression)) return [['', KEY_HIGH]];
  return undefined;
}

// ---- explain's indexBounds, printed as mongod prints them ----

function shown(v: unknown): string {
  if (typeof v === 'number') {
    if (v === Infinity) return 'inf';
    if (v === -Infinity) return '-inf';
    if (Number.isNaN(v)) return 'nan';
  }
  return formatValue(v);
}

/** The ends of a value's type bracket, for a one-sided range. */
function bracketEnds(v: unknown): [string, string] {
  if (typeof v === 'number' || (v as { _bsontype?: string })?._bsontype) {
    const t = (v as { _bsontype?: string })._bsontype;
    if (typeof v === 'number' || t === 'Long' || t === 'Int32' || t === 'Double' || t === 'Decimal128')
      return ['-inf', 'inf'];
    if (t === 'ObjectId') return ["ObjectId('000000000000000000000000')", "ObjectId('ffffffffffffffffffffffff')"];
  }
  if (typeof v === 'string') return ['""', '{}'];
  if (typeof v === 'boolean') return ['false', 'true'];
  if (v instanceof Date) return ['new Date(-9223372036854775808)', 'new Date(9223372036854775807)'];
  return ['MinKey', 'MaxKey'];
}

interface ShownInterval {
  lo: string;
  hi: string;
  loIn: boolean;
  hiIn: boolean;
}

function intervalText(i: ShownInterval, backwards: boolean): string {
  if (backwards) return `${i.hiIn ? '[' : '('}${i.hi}, ${i.lo}${i.loIn ? ']' : ')'}`;
  return `${i.loIn ? '[' : '('}${i.lo}, ${i.hi}${i.hiIn ? ']' : ')'}`;
}

function shownRanges(p: FieldPredicate): ShownInterval[] {
  if (p.lo || p.hi) {
    const ref = (p.lo ?? p.hi)!.value;
    const [min, max] = bracketEnds(ref);
    return [
      {
        lo: p.lo ? shown(p.lo.value) : min,
        loIn: p.lo ? p.lo.inclusive : true,
        hi: p.hi ? shown(p.hi.value) : max,
        hiIn: p.hi ? p.hi.inclusive : !(typeof ref === 'string'),
      },
    ];
  }
  if (p.prefix) {
    const t = p.prefix.text;
    const next = t.slice(0, -1) + String.fromCharCode(t.charCodeAt(t.length - 1) + 1);
    return [
      { lo: JSON.stringify(t), hi: JSON.stringify(next), loIn: true, hiIn: false },
      { lo: p.prefix.regex, hi: p.prefix.regex, loIn: true, hiIn: true },
    ];
  }
  if (p.ne !== undefined) {
    const v = shown(p.ne);
    return [
      { lo: 'MinKey', hi: v, loIn: true, hiIn: false },
      { lo: v, hi: 'MaxKey', loIn: false, hiIn: true },
    ];
  }
  return [{ lo: 'MinKey', hi: 'MaxKey', loIn: true, hiIn: true }];
}

function fieldBounds(intervals: ShownInterval[], desc: boolean, reverse: boolean): string[] {
  const backwards = desc !== reverse;
  const texts = intervals.map((i) => intervalText(i, backwards));
  return backwards ? texts.reverse() : texts;
}

const ALL: ShownInterval = { lo: 'MinKey', hi: 'MaxKey', loIn: true, hiIn: true };

function boundsOf(index: Index, shownFields: ShownInterval[][], reverse: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  index.fields.forEach((f, i) => {
    out[f.path] = fieldBounds(shownFields[i] ?? [ALL], f.desc, reverse);
  });
  return out;
}

/** Point values in key order of one field, for explain. */
function shownPoints(points: unknown[], desc: boolean): ShownInterval[] {
  const byKey = new Map<string, unknown>();
  for (const v of points) byKey.set(encodeValue(v), v);
  const sorted = [...byKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
  const out = sorted.map((v) => ({ lo: shown(v), hi: shown(v), loIn: true, hiIn: true }));
  return desc ? out.reverse() : out;
}

/** The most intervals a SORT_MERGE merges (one scan per combination of `$in` values). */
const MAX_MERGE = 200;

function planForIndex(
  index: Index,
  predicates: Predicates,
  sort: Array<[string, number]>,
  hinted = false,
): Candidate | undefined {
  const preds = predicates.fields;
  const partial = index.spec.partialFilterExpression;
  if (!hinted && (index.spec.hidden || (partial && !impliesPartialFilter(predicates, partial)))) return undefined;
  const fields = index.fields;
  // Each prefix: the encoded key of one combination of point values, and those values as explain shows them.
  let prefixes: Array<{ key: string; shown: ShownInterval[] }> = [{ key: '', shown: [] }];
  const shownFields: ShownInterval[][] = [];
  let boundFields = 0;
  let pointFields = 0;
  let singlePointPrefix = 0;
  let stillSingle = true;
  let rangeScore = 0;
  const nullFields: string[] = [];
  let ranges: Array<[string, string]> | undefined;
  for (const field of fields) {
    const p = preds.get(field.path);
    if (!p) break;
    if (p.points) {
      if (p.points.length * prefixes.length > 2000) break;
      const byEnc = new Map<string, unknown>();
      for (const v of p.points) byEnc.set(encodeComponent(v, field.desc), v);
      const encs = [...byEnc.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      if (p.points.some((v) => v === null)) nullFields.push(field.path);
      prefixes = prefixes.flatMap((pre) =>
        encs.map(([e, v]) => ({
          key: pre.key + e,
          shown: [...pre.shown, { lo: shown(v), hi: shown(v), loIn: true, hiIn: true }],
        })),
      );
      shownFields.push(shownPoints(p.points, field.desc));
      boundFields++;
      pointFields++;
      if (stillSingle && encs.length === 1) singlePointPrefix++;
      else stillSingle = false;
      continue;
    }
    ranges = componentRanges(p, field.desc, index);
    if (!ranges) break;
    shownFields.push(shownRanges(p));
    boundFields++;
    // $ne and $exists rarely narrow much: an index giving the sort (a page read stopping at its limit) beats them.
    rangeScore = p.lo || p.hi || p.prefix ? 5 : 0.5;
    break;
  }
  // A sparse index lacks documents without the field, so it can't answer for null or for "all".
  const nullPoint = nullFields.length > 0;
  if (index.spec.sparse && (boundFields === 0 || nullPoint)) return undefined;

  // Sort fields pinned to one value by the filter don't affect order; the rest must follow the index.
  let providesSort = false;
  let reverse = false;
  let merge = false;
  const follows = (pinnedCount: number): boolean => {
    const pinned = new Set(fields.slice(0, pinnedCount).map((f) => f.path));
    const rest = sort.filter(([k]) => !pinned.has(k));
    const tail = fields.slice(pinnedCount, pinnedCount + rest.length);
    if (tail.length !== rest.length) return false;
    const same = rest.every(([k, d], i) => tail[i].path === k && d < 0 === tail[i].desc);
    const opposite = rest.every(([k, d], i) => tail[i].path === k && d < 0 !== tail[i].desc);
    if (rest.length === 0 || same || opposite) {
      reverse = rest.length > 0 && !same;
      return true;
    }
    return false;
  };
  if (sort.length && !index.multikey) {
    providesSort = follows(singlePointPrefix);
    // Several $in values before the sort fields: each value's scan is in order, merged (SORT_MERGE).
    if (!providesSort && pointFields > singlePointPrefix && prefixes.length <= MAX_MERGE && follows(pointFields)) {
      providesSort = true;
      merge = true;
    }
  }
  if (boundFields === 0 && !providesSort) return undefined;
  const boundPaths = new Set(fields.slice(0, boundFields).map((f) => f.path));
  const bound = [...preds.keys()].every((k) => boundPaths.has(k));
  const exact = !predicates.residual && !index.multikey && !nullPoint && bound;
  // Only some fields' predicates go beyond the bounds (a null point, a regex...): those alone are re-matched.
  const recheckPaths = new Set([...predicates.recheck, ...nullFields]);
  const recheck =
    !exact && !predicates.mixed && !index.multikey && bound && [...recheckPaths].every((k) => preds.has(k))
      ? [...recheckPaths]
      : undefined;
  let score = pointFields * 10 + rangeScore + (providesSort ? 3 : 0);
  if (index.unique && pointFields === fields.length) score += 100;
  if (boundFields === 0) score = 1;

  const scans = prefixes.flatMap((pre) =>
    (ranges ?? [['', KEY_HIGH] as [string, string]]).map((r) => ({
      interval: [pre.key + r[0], pre.key + r[1]] as [string, string],
      pre,
    })),
  );
  scans.sort((a, b) => (a.interval[0] < b.interval[0] ? -1 : a.interval[0] > b.interval[0] ? 1 : 0));
  const plan: Plan = {
    index,
    intervals: scans.map((s) => s.interval),
    reverse,
    providesSort,
    exact,
    ...(recheck?.length ? { recheck } : {}),
    bounds: boundsOf(index, shownFields, reverse),
  };
  if (merge) {
    plan.merge = scans.map((s) => s.pre.key.length);
    plan.mergeBounds = scans.map((s) =>
      boundsOf(index, [...s.pre.shown.map((x) => [x]), ...shownFields.slice(pointFields)], reverse),
    );
  }
  return { plan, score };
}

function sameKeyPattern(a: Doc, b: Doc): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && Number(a[k]) === Number(b[k]));
}

function hintedIndex(coll: Collection, hint: unknown): Index {
  const index =
    typeof hint === 'string'
      ? coll.indexes.get(hint)
      : isPlainObject(hint)
        ? [...coll.indexes.values()].find((i) => sameKeyPattern(i.spec.key, hint))
        : undefined;
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

export function planQuery(
  coll: Collection | undefined,
  filter: Doc,
  sort?: Doc,
  hint?: unknown,
  collation?: Collation,
): Plan {
  const sortSpec = sortEntries(sort);
  const natural = sortSpec.length === 1 && sortSpec[0][0] === '$natural';
  const collscan: Plan = {
    intervals: [],
    reverse: natural && sortSpec[0][1] < 0,
    providesSort: natural || sortSpec.length === 0,
    exact: false,
  };
  if (!coll || natural) return collscan;
  if (isPlainObject(hint) && '$natural' in hint) return { ...collscan, reverse: Number(hint.$natural) < 0 };
  const preds = extractPredicates(filter);
  if (hint !== undefined && hint !== null && !(isPlainObject(hint) && Object.keys(hint).length === 0)) {
    // A hinted index is used even where it can't narrow the scan (or, sparse/partial, misses documents), as in mongod.
    const index = hintedIndex(coll, hint);
    const forced = collation || collatedIndex(index) ? undefined : planForIndex(index, preds, sortSpec, true);
    return (
      forced?.plan ?? {
        index,
        intervals: [['', KEY_HIGH]],
        reverse: false,
        providesSort: sortSpec.length === 0,
        exact: false,
      }
    );
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
    branches.push({ ...c.plan, exact: false, recheck: undefined });
  }
  return { intervals: [], reverse: false, providesSort: sortSpec.length === 0, exact: false, branches };
}
