// Unit tests for the embedded server's order-preserving key encoding and its sorted entry list.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Binary, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { complement, compareValues, encodeValue } from '../../server/embedded/mongo/indexes/key-encoding.js';
import { SortedList } from '../../server/embedded/mongo/indexes/sorted-list.js';

const utf8Compare = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('key encoding', () => {
  it('orders BSON types the way MongoDB does', () => {
    const ordered = [
      new MinKey(),
      null,
      -Infinity,
      -5,
      0,
      Decimal128.fromString('0.5'),
      1,
      Long.fromNumber(2),
      2.5,
      Infinity,
      '',
      'B',
      'a',
      'ab',
      {},
      { a: 1 },
      { a: 1, b: 1 },
      { b: 0 },
      [],
      [1],
      [1, 2],
      new Binary(Buffer.from([9])),
      new Binary(Buffer.from([1, 2])),
      new ObjectId('000000000000000000000001'),
      new ObjectId('ff0000000000000000000000'),
      false,
      true,
      new Date(-1000),
      new Date(0),
      new Date(5000),
      new Timestamp({ t: 1, i: 0 }),
      new Timestamp({ t: 1, i: 5 }),
      /a/,
      /b/,
      new MaxKey(),
    ];
    for (let i = 1; i < ordered.length; i++) {
      expect(compareValues(ordered[i - 1], ordered[i]), `${String(ordered[i - 1])} < ${String(ordered[i])}`).toBe(-1);
    }
    expect(encodeValue(3)).toBe(encodeValue(Long.fromNumber(3)));
    expect(encodeValue(-0)).toBe(encodeValue(0));
    expect(compareValues(NaN, -Infinity)).toBe(-1);
  });

  it('orders strings by UTF-8 bytes, escapes NUL, and stays prefix-free', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const order = Math.sign(utf8Compare(a, b));
        const ea = encodeValue(a);
        const eb = encodeValue(b);
        expect(Math.sign(ea < eb ? -1 : ea > eb ? 1 : 0)).toBe(order);
        if (a !== b) expect(ea.startsWith(eb) || eb.startsWith(ea)).toBe(false);
      }),
    );
  });

  it('orders numbers numerically', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (a, b) => {
        const ea = encodeValue(a);
        const eb = encodeValue(b);
        expect(Math.sign(ea < eb ? -1 : ea > eb ? 1 : 0)).toBe(Math.sign(a === b ? 0 : a < b ? -1 : 1));
      }),
    );
  });

  it('reverses order under complement, including for compound keys', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.integer()), { minLength: 2, maxLength: 20 }), (rows) => {
        // Index {s: 1, n: -1}: ascending by s, then descending by n.
        const key = ([s, n]: [string, number]) => encodeValue(s) + complement(encodeValue(n));
        const byKey = [...rows].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
        const expected = [...rows].sort((x, y) => utf8Compare(x[0], y[0]) || y[1] - x[1]);
        expect(byKey.map(key)).toEqual(expected.map(key));
      }),
    );
  });
});

describe('sorted list', () => {
  it('keeps entries ordered through inserts and removes and scans ranges both ways', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.boolean()), { maxLength: 3000 }), (ops) => {
        const list = new SortedList();
        const model = new Map<string, { key: string; rid: number }>();
        ops.forEach(([v, add], rid) => {
          const key = encodeValue(v);
          if (add || model.size === 0) {
            list.insert({ key, rid });
            model.set(`${key}/${rid}`, { key, rid });
          } else {
            const victim = [...model.values()][v % model.size];
            expect(list.remove(victim)).toBe(true);
            model.delete(`${victim.key}/${victim.rid}`);
          }
        });
        const sorted = [...model.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.rid - b.rid));
        expect(list.size).toBe(sorted.length);
        const lo = encodeValue(50);
        const hi = encodeValue(150);
        const inRange = sorted.filter((e) => e.key >= lo && e.key < hi);
        expect([...list.range(lo, hi, false)]).toEqual(inRange);
        expect([...list.range(lo, hi, true)]).toEqual([...inRange].reverse());
      }),
      { numRuns: 30 },
    );
  });

  it('finds other owners of a key for unique checks', () => {
    const list = new SortedList();
    list.insert({ key: 'k', rid: 1 });
    list.insert({ key: 'k\u0001', rid: 2 });
    expect(list.otherWithKey('k', 1)).toBeUndefined();
    expect(list.otherWithKey('k', 3)).toBe(1);
  });

  it('resumes a suspended scan correctly after writes', () => {
    const list = new SortedList();
    for (let i = 0; i < 5000; i++) list.insert({ key: encodeValue(i), rid: i });
    const scan = list.range(encodeValue(0), encodeValue(10_000), false);
    const seen: number[] = [];
    for (let i = 0; i < 100; i++) seen.push(scan.next().value!.rid);
    for (let i = 0; i < 50; i++) list.remove({ key: encodeValue(i), rid: i });
    list.insert({ key: encodeValue(-1), rid: -1 });
    for (let r = scan.next(); !r.done; r = scan.next()) seen.push(r.value.rid);
    expect(seen).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });
});
