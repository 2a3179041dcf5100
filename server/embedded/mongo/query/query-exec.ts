// Runs a filter/sort/skip/limit over a collection: index or collection scan from the planner,
// mingo for matching, MongoDB sort order from the key encoding.
import { Query } from 'mingo/query';
import { mingoOptions } from '../operators/mingo-context.js';
import type { Collection } from '../storage/collection.js';
import type { Doc } from '../common/documents.js';
import { planQuery, type Plan, type ScanStats } from './planner.js';
import { notImplemented, toCommandError } from '../common/errors.js';
import { collatedSortValues, compareCollated, sortFields, sortKey } from './sort-order.js';
import { holdsString, type Collation } from './collation.js';

export interface FindSpec {
  filter?: Doc;
  sort?: Doc;
  skip?: number;
  limit?: number;
  hint?: unknown;
  /** `let` variables for $expr. */
  variables?: Doc;
  /** The non-simple collation strings compare by, if any. */
  collation?: Collation;
}

export interface Execution {
  plan: Plan;
  stats: ScanStats;
  docs: Iterator<Doc>;
}

export function compileFilter(
  filter: Doc | undefined,
  variables?: Doc,
  collation?: Collation,
): ((doc: Doc) => boolean) | undefined {
  if (filter && '$comment' in filter) {
    // A top-level $comment only labels the query (for the profiler / logs): it matches everything.
    const { $comment: _comment, ...rest } = filter;
    filter = rest;
  }
  if (!filter || Object.keys(filter).length === 0) return undefined;
  if (collation) refuseUncollated(filter);
  try {
    const q = new Query(filter, mingoOptions(variables, collation));
    return (doc) => q.test(doc);
  } catch (err) {
    throw toCommandError(err);
  }
}

/** Operators that would compare strings without the collation: refused rather than answered wrongly. */
export function refuseUncollated(filter: unknown): void {
  if (Array.isArray(filter)) {
    filter.forEach(refuseUncollated);
    return;
  }
  if (typeof filter !== 'object' || filter === null) return;
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$expr' || k === '$where') throw notImplemented(`Query operator ${k} with a non-simple collation`);
    if (k === '$all' && holdsString(v))
      throw notImplemented('Query operator $all on strings with a non-simple collation');
    refuseUncollated(v);
  }
}

/** Candidate [rid, doc] pairs from the plan, counting what was examined. */
export function* scan(coll: Collection, plan: Plan, stats: ScanStats): Generator<[number, Doc]> {
  if (plan.branches) {
    // The union of an $or's index scans: a document reached by several branches is fetched once.
    const seen = new Set<number>();
    for (const branch of plan.branches) {
      for (const [lo, hi] of branch.intervals) {
        for (const entry of branch.index!.entries.range(lo, hi, false)) {
          stats.keysExamined++;
          if (seen.has(entry.rid)) continue;
          seen.add(entry.rid);
          const doc = coll.records.get(entry.rid);
          if (!doc) continue;
          stats.docsExamined++;
          yield [entry.rid, doc];
        }
      }
    }
    return;
  }
  if (!plan.index) {
    const rids = plan.reverse ? [...coll.records.keys()].reverse() : coll.records.keys();
    for (const rid of rids) {
      const doc = coll.records.get(rid);
      if (!doc) continue;
      stats.docsExamined++;
      yield [rid, doc];
    }
    return;
  }
  if (plan.merge) {
    yield* mergeScans(coll, plan, stats);
    return;
  }
  const seen = plan.index.multikey ? new Set<number>() : undefined;
  const intervals = plan.reverse ? [...plan.intervals].reverse() : plan.intervals;
  for (const [lo, hi] of intervals) {
    for (const entry of plan.index.entries.range(lo, hi, plan.reverse)) {
      stats.keysExamined++;
      if (seen) {
        if (seen.has(entry.rid)) continue;
        seen.add(entry.rid);
      }
      const doc = coll.records.get(entry.rid);
      if (!doc) continue;
      stats.docsExamined++;
      yield [entry.rid, doc];
    }
  }
}

/**
 * SORT_MERGE: one scan per interval, each already in sort order after its `$in` prefix; the
 * smallest (largest, backwards) remaining key suffix goes next. The index is not multikey, so a
 * document is in one interval only.
 */
function* mergeScans(coll: Collection, plan: Plan, stats: ScanStats): Generator<[number, Doc]> {
  const cut = plan.merge!;
  const heads: Array<{ iter: Iterator<{ key: string; rid: number }>; cut: number; suffix: string; rid: number }> = [];
  plan.intervals.forEach(([lo, hi], i) => {
    const iter = plan.index!.entries.range(lo, hi, plan.reverse);
    const first = iter.next();
    if (first.done) return;
    stats.keysExamined++;
    heads.push({ iter, cut: cut[i], suffix: first.value.key.slice(cut[i]), rid: first.value.rid });
  });
  while (heads.length) {
    let best = 0;
    for (let i = 1; i < heads.length; i++) {
      const a = heads[i].suffix;
      const b = heads[best].suffix;
      if (plan.reverse ? a > b : a < b) best = i;
    }
    const head = heads[best];
    const doc = coll.records.get(head.rid);
    const rid = head.rid;
    const next = head.iter.next();
    if (next.done) heads.splice(best, 1);
    else {
      stats.keysExamined++;
      head.suffix = next.value.key.slice(head.cut);
      head.rid = next.value.rid;
    }
    if (!doc) continue;
    stats.docsExamined++;
    yield [rid, doc];
  }
}

/** Matching documents as [rid, doc], in the requested order, after skip and limit. */
export function* matchRecords(
  coll: Collection | undefined,
  spec: FindSpec,
  plan: Plan,
  stats: ScanStats,
): Generator<[number, Doc]> {
  if (!coll) return;
  // An exact plan's bounds are the whole filter: no need to compile and run it per document; a plan whose bounds
  // express all but some fields re-matches only those fields' predicates.
  const filter =
    plan.recheck && spec.filter
      ? Object.fromEntries(plan.recheck.map((path) => [path, spec.filter![path]]))
      : spec.filter;
  const test = plan.exact ? undefined : compileFilter(filter, spec.variables, spec.collation);
  let skip = spec.skip ?? 0;
  let limit = spec.limit && spec.limit > 0 ? spec.limit : Infinity;
  const hasSort = spec.sort && Object.keys(spec.sort).length > 0 && !plan.providesSort;
  if (!hasSort) {
    if (limit <= 0) return;
    for (const rec of scan(coll, plan, stats)) {
      if (test && !test(rec[1])) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      yield rec;
      // Stop before examining another document, as a LIMIT stage does.
      if (--limit <= 0) return;
    }
    return;
  }
  const fields = sortFields(spec.sort!);
  const collation = spec.collation;
  if (collation) {
    const rows: Array<{ rec: [number, Doc]; values: unknown[] }> = [];
    for (const rec of scan(coll, plan, stats)) {
      if (test && !test(rec[1])) continue;
      rows.push({ rec, values: collatedSortValues(rec[1], fields, collation) });
    }
    rows.sort((a, b) => compareCollated(a.values, b.values, fields, collation));
    const last = Math.min(rows.length, skip + limit);
    for (let i = skip; i < last; i++) yield rows[i].rec;
    return;
  }
  const matched: Array<{ rec: [number, Doc]; key: string }> = [];
  for (const rec of scan(coll, plan, stats)) {
    if (test && !test(rec[1])) continue;
    matched.push({ rec, key: sortKey(rec[1], fields) });
  }
  matched.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const end = Math.min(matched.length, skip + limit);
  for (let i = skip; i < end; i++) yield matched[i].rec;
}

export function execute(coll: Collection | undefined, spec: FindSpec): Execution {
  const plan = planQuery(coll, spec.filter ?? {}, spec.sort, spec.hint, spec.collation);
  const stats: ScanStats = { keysExamined: 0, docsExamined: 0 };
  const records = matchRecords(coll, spec, plan, stats);
  const docs: Iterator<Doc> = {
    next() {
      const r = records.next();
      return r.done ? { done: true, value: undefined } : { done: false, value: r.value[1] };
    },
  };
  return { plan, stats, docs };
}
