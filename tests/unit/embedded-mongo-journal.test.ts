// Unit tests for the embedded server's journal framing, index key extraction and query planning.
import { describe, expect, it } from 'vitest';
import { frame, parseFrames } from '../../server/embedded/mongo/journal.js';
import { Index } from '../../server/embedded/mongo/index-store.js';
import { Collection, NULL_SINK } from '../../server/embedded/mongo/collection.js';
import { planQuery } from '../../server/embedded/mongo/planner.js';
import { execute } from '../../server/embedded/mongo/query-exec.js';

describe('journal frames', () => {
  const records = [{ o: 'hdr', gen: 0 }, { o: 'i', d: 'db', c: 'c', doc: { _id: 1, s: 'x'.repeat(300) } }, { o: 'r', d: 'db', c: 'c', id: 1 }];
  const bytes = Buffer.concat(records.map(frame));

  it('round-trips records', () => {
    const parsed = parseFrames(bytes);
    expect(parsed.problem).toBeUndefined();
    expect(parsed.validEnd).toBe(bytes.length);
    expect(parsed.records).toEqual(records);
  });

  it('stops at a torn tail at every possible cut', () => {
    const boundaries = [0];
    for (const r of records) boundaries.push(boundaries[boundaries.length - 1] + frame(r).length);
    for (let cut = 0; cut < bytes.length; cut++) {
      const parsed = parseFrames(bytes.subarray(0, cut));
      const whole = boundaries.filter((b) => b <= cut).length - 1;
      expect(parsed.records).toHaveLength(whole);
      expect(parsed.validEnd).toBe(boundaries[whole]);
      if (cut !== boundaries[whole]) expect(parsed.problem).toBeDefined();
    }
  });

  it('detects a flipped bit through the checksum', () => {
    const damaged = Buffer.from(bytes);
    damaged[frame(records[0]).length + 40] ^= 0x10;
    const parsed = parseFrames(damaged);
    expect(parsed.records).toHaveLength(1);
    expect(parsed.problem).toBe('checksum mismatch');
  });
});

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
    const docs: unknown[] = [];
    for (let r = exec.docs.next(); !r.done; r = exec.docs.next()) docs.push(r.value);
    expect(docs).toHaveLength(5);
    expect(exec.stats.docsExamined).toBe(5);
    expect(planQuery(c, { a: 3, s: 'x' }).exact).toBe(false);
    expect(planQuery(c, { b: 3 }).index).toBeUndefined();
  });

  it('serves a sort from the index, including reversed', () => {
    const c = collection();
    const plan = planQuery(c, { a: 2 }, { b: 1 });
    expect(plan.providesSort).toBe(true);
    expect(plan.reverse).toBe(true);
    const exec = execute(c, { filter: { a: 2 }, sort: { b: 1 }, limit: 3 });
    const bs: unknown[] = [];
    for (let r = exec.docs.next(); !r.done; r = exec.docs.next()) bs.push(r.value.b);
    expect(bs).toEqual([2, 12, 22]);
    expect(exec.stats.docsExamined).toBe(3);
  });

  it('brackets ranges by type', () => {
    const c = collection();
    c.insert({ a: 'x', b: 1 });
    const exec = execute(c, { filter: { a: { $gt: 5 } } });
    const as: unknown[] = [];
    for (let r = exec.docs.next(); !r.done; r = exec.docs.next()) as.push(r.value.a);
    expect(new Set(as)).toEqual(new Set([6, 7, 8, 9]));
    expect(execute(c, { filter: { a: { $gt: 5, $lt: 'z' } } }).docs.next().done).toBe(true);
  });
});
