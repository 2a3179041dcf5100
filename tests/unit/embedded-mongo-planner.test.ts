// Unit tests for the embedded server's index key extraction and query planning.
import { describe, expect, it } from 'vitest';
import { Index } from '../../server/embedded/mongo/indexes/index-store.js';
import { Collection, NULL_SINK } from '../../server/embedded/mongo/storage/collection.js';
import { extractPredicates, planQuery, regexPrefix } from '../../server/embedded/mongo/query/planner.js';
import { impliesPartialFilter } from '../../server/embedded/mongo/query/partial-filter.js';
import { execute } from '../../server/embedded/mongo/query/query-exec.js';

function values(exec: ReturnType<typeof execute>, field: string): unknown[] {
  const out: unknown[] = [];
  for (let r = exec.docs.next(); !r.done; r = exec.docs.next()) out.push(r.value[field]);
  return out;
}

describe('index keys', () => {
  it('unwinds arrays, marks missing fields, and honours sparse', () => {
    const index = new Index({ v: 2, key: { 'a.b': 1 }, name: 'a.b_1' });
    expect(index.keysFor({ a: [{ b: 1 }, { b: 2 }, { c: 3 }] })).toHaveLength(3);
    expect(index.multikey).toBe(true);
    const sparse = new Index({ v: 2, key: { x: 1, y: 1 }, name: 'xy', sparse: true });
    expect(sparse.keysFor({ z: 1 })).toEqual([]);
    expect(sparse.keysFor({ y: 1 })).toHaveLength(1);
  });

  it('refuses parallel arrays in a compound index', () => {
    const index = new Index({ v: 2, key: { a: 1, b: 1 }, name: 'ab' });
    expect(() => index.keysFor({ a: [1, 2], b: [3, 4] })).toThrow(/parallel arrays/);
  });
});

describe('planner', () => {
  function collection() {
    const c = new Collection('db', 'c', NULL_SINK);
    c.addIndex({ v: 2, key: { a: 1, b: -1 }, name: 'a_1_b_-1' });
    for (let i = 0; i < 100; i++) c.insert({ a: i % 10, b: i, s: `s${i}` });
    return c;
  }

  it('uses equality prefix plus a range and knows when the bounds are the whole filter', () => {
    const c = collection();
    const plan = planQuery(c, { a: 3, b: { $gte: 50 } });
    expect(plan.index?.name).toBe('a_1_b_-1');
    expect(plan.exact).toBe(true);
    const exec = execute(c, { filter: { a: 3, b: { $gte: 50 } } });
    expect(values(exec, 'b')).toEqual([93, 83, 73, 63, 53]);
    expect(exec.stats.docsExamined).toBe(5);
    expect(planQuery(c, { a: 3, s: 'x' }).exact).toBe(false);
    expect(planQuery(c, { b: 3 }).index).toBeUndefined();
  });

  it('answers an $or whose branches are all indexed with a union of index scans, each document once', () => {
    const c = collection();
    c.addIndex({ v: 2, key: { s: 1 }, name: 's_1' });
    const filter = { $or: [{ a: 3 }, { s: { $in: ['s3', 's4'] } }, { a: 4, b: { $lt: 10 } }] };
    const plan = planQuery(c, filter);
    expect(plan.index).toBeUndefined();
    expect(plan.branches?.map((b) => b.index?.name)).toEqual(['a_1_b_-1', 's_1', 'a_1_b_-1']);
    const exec = execute(c, { filter });
    // a: 3 gives 10 documents (s3 among them), s4 one more; a: 4 with b < 10 is s4 again.
    expect(values(exec, 'b').sort((x, y) => Number(x) - Number(y))).toEqual([3, 4, 13, 23, 33, 43, 53, 63, 73, 83, 93]);
    expect(exec.stats.docsExamined).toBe(11);
    expect(planQuery(c, { $or: [{ a: 3 }, { b: 4 }] }).branches).toBeUndefined();
    expect(planQuery(c, { $and: [{ $or: [{ a: 3 }, { s: 's1' }] }, { b: { $gt: 0 } }] }).branches).toHaveLength(2);
  });

  it('serves a sort from the index, including reversed', () => {
    const c = collection();
    const plan = planQuery(c, { a: 2 }, { b: 1 });
    expect(plan.providesSort).toBe(true);
    expect(plan.reverse).toBe(true);
    const exec = execute(c, { filter: { a: 2 }, sort: { b: 1 }, limit: 3 });
    expect(values(exec, 'b')).toEqual([2, 12, 22]);
    expect(exec.stats.docsExamined).toBe(3);
  });

  it('brackets ranges by type', () => {
    const c = collection();
    c.insert({ a: 'x', b: 1 });
    expect(new Set(values(execute(c, { filter: { a: { $gt: 5 } } }), 'a'))).toEqual(new Set([6, 7, 8, 9]));
    expect(execute(c, { filter: { a: { $gt: 5, $lt: 'z' } } }).docs.next().done).toBe(true);
  });

  it('keeps NaN out of numeric ranges it answers from the index alone', () => {
    const c = collection();
    c.insert({ a: NaN, b: -1 });
    c.insert({ a: -Infinity, b: -2 });
    const plan = planQuery(c, { a: { $lt: 1 } });
    expect(plan.exact).toBe(true);
    expect(values(execute(c, { filter: { a: { $lt: 1 } } }), 'a').sort()).toEqual(
      [-Infinity, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0].sort(),
    );
    expect(values(execute(c, { filter: { a: { $lte: -Infinity } } }), 'a')).toEqual([-Infinity]);
  });

  it('follows a hint, even to an index that cannot narrow the scan', () => {
    const c = collection();
    c.addIndex({ v: 2, key: { s: 1 }, name: 's_1' });
    expect(planQuery(c, { a: 3 }, undefined, 's_1').index?.name).toBe('s_1');
    expect(planQuery(c, { a: 3 }, undefined, { a: 1, b: -1 }).index?.name).toBe('a_1_b_-1');
    expect(planQuery(c, { a: 3 }, undefined, { $natural: 1 }).index).toBeUndefined();
    expect(() => planQuery(c, {}, undefined, 'nope')).toThrow(/hint provided does not correspond/);
    expect(values(execute(c, { filter: { a: 3 }, hint: 's_1' }), 'b')).toHaveLength(10);
  });
});

describe('partial indexes', () => {
  const implies = (filter: Record<string, unknown>, partial: Record<string, unknown>) =>
    impliesPartialFilter(extractPredicates(filter), partial);

  it('is used only when the query guarantees the partial filter', () => {
    expect(implies({ phone: '+1' }, { phone: { $type: 'string' } })).toBe(true);
    expect(implies({ phone: { $in: ['+1', '+2'] } }, { phone: { $type: 'string' } })).toBe(true);
    expect(implies({ phone: { $in: ['+1', 2] } }, { phone: { $type: 'string' } })).toBe(false);
    expect(implies({ phone: null }, { phone: { $type: 'string' } })).toBe(false);
    expect(implies({ code: 'x' }, { code: { $exists: true } })).toBe(true);
    expect(implies({ code: { $gt: 3 } }, { code: { $exists: true } })).toBe(true);
    expect(implies({ rating: { $gte: 8 } }, { rating: { $gt: 5 } })).toBe(true);
    expect(implies({ rating: { $gt: 5 } }, { rating: { $gt: 5 } })).toBe(true);
    expect(implies({ rating: { $gte: 5 } }, { rating: { $gt: 5 } })).toBe(false);
    expect(implies({ rating: { $gte: 'a' } }, { rating: { $gt: 5 } })).toBe(false);
    expect(implies({ a: 1, b: 2 }, { $and: [{ a: 1 }, { b: { $lt: 5 } }] })).toBe(true);
    expect(implies({ a: 1 }, { $and: [{ a: 1 }, { b: { $lt: 5 } }] })).toBe(false);
    expect(implies({ a: 1 }, { a: { $ne: 2 } })).toBe(false);
  });

  it('answers from a partial index without losing documents', () => {
    const c = new Collection('db', 'c', NULL_SINK);
    c.addIndex({ v: 2, key: { k: 1 }, name: 'k_1', partialFilterExpression: { r: { $gt: 5 } } });
    for (let i = 0; i < 100; i++) c.insert({ k: i % 5, r: i % 10 });
    expect(planQuery(c, { k: 2, r: { $gte: 7 } }).index?.name).toBe('k_1');
    expect(planQuery(c, { k: 2 }).index).toBeUndefined();
    const viaIndex = execute(c, { filter: { k: 2, r: { $gte: 7 } } });
    expect(values(viaIndex, 'r')).toEqual(Array(10).fill(7));
    expect(viaIndex.stats.docsExamined).toBe(10);
  });
});

describe('regex prefixes, $ne and $exists', () => {
  it('takes the literal prefix of an anchored regular expression only', () => {
    expect(regexPrefix('^abc', '')).toBe('abc');
    expect(regexPrefix('^abc.*', 's')).toBe('abc');
    expect(regexPrefix('^ab?c', '')).toBe('a');
    expect(regexPrefix('^ab*', '')).toBe('a');
    expect(regexPrefix('^ab+', '')).toBe('ab');
    expect(regexPrefix('^a\\.b', '')).toBe('a.b');
    expect(regexPrefix('^a\\d', '')).toBe('a');
    expect(regexPrefix('^abc', 'i')).toBeUndefined();
    expect(regexPrefix('^abc', 'm')).toBeUndefined();
    expect(regexPrefix('^a|^b', '')).toBeUndefined();
    expect(regexPrefix('abc', '')).toBeUndefined();
    expect(regexPrefix('^.*', '')).toBeUndefined();
  });

  it('prefers an index giving the sort over a $ne scan, and uses sparse indexes for $exists only', () => {
    const c = new Collection('db', 'c', NULL_SINK);
    c.addIndex({ v: 2, key: { status: 1 }, name: 'status_1' });
    c.addIndex({ v: 2, key: { at: -1 }, name: 'at_-1' });
    c.addIndex({ v: 2, key: { phone: 1 }, name: 'phone_1', sparse: true });
    for (let i = 0; i < 50; i++)
      c.insert({ status: i % 3 ? 'open' : 'gone', at: i, ...(i % 10 ? {} : { phone: `p${i}` }) });
    expect(planQuery(c, { status: { $ne: 'gone' } }).index?.name).toBe('status_1');
    expect(planQuery(c, { status: { $ne: 'gone' } }, { at: -1 }).index?.name).toBe('at_-1');
    expect(planQuery(c, { phone: { $exists: true } }).index?.name).toBe('phone_1');
    expect(planQuery(c, { phone: { $ne: 'p10' } }).index).toBeUndefined();
    const exec = execute(c, { filter: { phone: { $exists: true } } });
    expect(values(exec, 'phone')).toEqual(['p0', 'p10', 'p20', 'p30', 'p40']);
    expect(exec.stats.docsExamined).toBe(5);
  });
});
