// Unit tests for the embedded server's read path on encoded documents: projections applied to BSON bytes
// and replies holding encoded batches must be byte for byte what encoding the projected objects gives.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BSON,
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
} from 'bson';
import {
  EncodedBatch,
  encodeWithBatches,
  projectBson,
  projectStored,
  simpleProjection,
  storedBson,
} from '../../server/embedded/mongo/wire/raw-bson.js';
import type { Doc } from '../../server/embedded/mongo/common/documents.js';

/** The projection as MongoDB applies a top-level 0/1 projection: fields in document order. */
function projectObject(doc: Doc, projection: Doc): Doc {
  const named = Object.entries(projection).filter(([k]) => k !== '_id');
  const inclusion = named.length
    ? named.some(([, v]) => v === 1 || v === true)
    : !(projection._id === 0 || projection._id === false);
  const keepId = !(projection._id === 0 || projection._id === false);
  const out: Doc = {};
  for (const [k, v] of Object.entries(doc)) {
    if (k === '_id' ? keepId : named.some(([n]) => n === k) === inclusion) out[k] = v;
  }
  return out;
}

const everyType: Doc = {
  _id: new ObjectId(),
  double: 1.5,
  string: 'héllo wörld',
  doc: { a: 1, b: { c: [1, 2] } },
  array: [1, 'two', { three: 3 }],
  binary: new Binary(Buffer.from([1, 2, 3]), 4),
  undef: undefined,
  bool: true,
  date: new Date(Date.UTC(2026, 0, 2)),
  nul: null,
  regex: new BSONRegExp('^a.c', 'i'),
  code: new Code('function () {}'),
  symbol: new BSONSymbol('sym'),
  scoped: new Code('function () { return x; }', { x: 1 }),
  int32: new Int32(7),
  timestamp: new Timestamp({ t: 5, i: 6 }),
  int64: Long.fromString('9007199254740993'),
  decimal: Decimal128.fromString('1.25'),
  min: new MinKey(),
  max: new MaxKey(),
  ref: new DBRef('c', new ObjectId()),
  explicitDouble: new Double(2),
  ünï: 'non-ASCII name',
};

describe('projections on encoded documents', () => {
  it('keeps or drops every BSON type like the object projection', () => {
    const bytes = storedBson(everyType);
    for (const projection of [
      { double: 0 },
      { string: 1, max: 1 },
      { _id: 0 },
      { _id: 1 },
      { _id: 0, regex: 1, ünï: 1 },
      { _id: true, scoped: false, min: false },
      { missing: 1 },
      { missing: 0 },
    ] as Doc[]) {
      const simple = simpleProjection(projection);
      expect(simple, JSON.stringify(projection)).toBeDefined();
      const projected = projectBson(bytes, simple!);
      expect(
        Buffer.from(projected).equals(Buffer.from(BSON.serialize(projectObject(everyType, projection)))),
        JSON.stringify(projection),
      ).toBe(true);
    }
  });

  it('leaves dotted paths, operators, literals and mixed projections to the general path', () => {
    for (const projection of [
      { 'a.b': 1 },
      { a: { $slice: 1 } },
      { a: 'literal' },
      { a: 2 },
      { a: 1, b: 0 },
      { $a: 1 },
      { '': 1 },
    ] as Doc[]) {
      expect(simpleProjection(projection), JSON.stringify(projection)).toBeUndefined();
    }
  });

  it('matches the object projection for random documents and projections', () => {
    const name = fc.constantFrom('_id', 'a', 'b', 'c', 'é', 'long_field_name');
    const value = fc.oneof(
      fc.string(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.date({ noInvalidDate: true }),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(name, value),
        fc.uniqueArray(name, { maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        (doc, names, inclusion, keepId) => {
          const projection: Doc = {};
          for (const n of names) projection[n] = n === '_id' ? (keepId ? 1 : 0) : inclusion ? 1 : 0;
          if (Object.keys(projection).length === 0) return;
          const bytes = Buffer.from(BSON.serialize(doc));
          const projected = projectBson(bytes, simpleProjection(projection)!);
          expect(Buffer.from(projected).equals(Buffer.from(BSON.serialize(projectObject(doc, projection))))).toBe(true);
        },
      ),
    );
  });
});

describe('kept ranges reused per document and projection', () => {
  it('gives each projection its own fields when the same bytes are projected alternately', () => {
    const bytes = storedBson({ _id: 1, a: 'x', history: [1, 2], b: { c: 2 } });
    expect(simpleProjection({ history: 0 })).toBe(simpleProjection({ history: 0 }));
    for (let round = 0; round < 3; round++) {
      expect(BSON.deserialize(projectBson(bytes, simpleProjection({ history: 0 })!))).toEqual({
        _id: 1,
        a: 'x',
        b: { c: 2 },
      });
      expect(BSON.deserialize(projectBson(bytes, simpleProjection({ a: 1, _id: 0 })!))).toEqual({ a: 'x' });
    }
    expect(simpleProjection({ 'b.c': 1 })).toBeUndefined();
  });

  it('copies projected ranges straight into a reply, byte for byte what the projected bytes give', () => {
    const stored = Array.from({ length: 30 }, (_, i) =>
      storedBson({ _id: i, name: `n${i}`, history: [i, { at: new Date(i) }], tail: 'é'.repeat(i) }),
    );
    const p = simpleProjection({ history: 0 })!;
    const lazy = stored.map((b) => projectStored(b, p));
    const eager = stored.map((b) => projectBson(b, p));
    const size = (docs: Array<{ length: number }>) => docs.reduce((n, d) => n + d.length, 0);
    const reply = (docs: ConstructorParameters<typeof EncodedBatch>[0]) =>
      encodeWithBatches({ cursor: { firstBatch: new EncodedBatch(docs, size(docs)), id: 0, ns: 'db.c' }, ok: 1 }, 0);
    expect(reply(lazy).equals(reply(eager))).toBe(true);
    expect(BSON.deserialize(reply(lazy)).cursor.firstBatch[29]).toEqual({ _id: 29, name: 'n29', tail: 'é'.repeat(29) });
  });
});

describe('replies holding encoded batches', () => {
  const docs: Doc[] = Array.from({ length: 12 }, (_, i) => ({ _id: i, name: `doc ${i}`, nested: { at: new Date(i) } }));

  it('encode like the same reply with the documents in place', () => {
    const batch = new EncodedBatch(
      docs.map((d) => storedBson(d)),
      docs.reduce((s, d) => s + storedBson(d).length, 0),
    );
    for (const [withBatch, plain] of [
      [
        { cursor: { firstBatch: batch, id: Long.fromNumber(0), ns: 'db.c' }, ok: 1 },
        { cursor: { firstBatch: docs, id: Long.fromNumber(0), ns: 'db.c' }, ok: 1 },
      ],
      [
        { cursor: { nextBatch: batch, id: Long.fromString('-42'), ns: 'dé.ünï' }, ok: 1 },
        { cursor: { nextBatch: docs, id: Long.fromString('-42'), ns: 'dé.ünï' }, ok: 1 },
      ],
      [
        { cursor: { id: Long.fromNumber(42), ns: 'db.c', nextBatch: batch }, ok: 1, writeConcernError: { code: 100 } },
        { cursor: { id: Long.fromNumber(42), ns: 'db.c', nextBatch: docs }, ok: 1, writeConcernError: { code: 100 } },
      ],
      [
        { cursor: { firstBatch: new EncodedBatch([], 0), id: Long.fromNumber(0), ns: 'db.c' }, ok: 1 },
        { cursor: { firstBatch: [], id: Long.fromNumber(0), ns: 'db.c' }, ok: 1 },
      ],
      [
        { ok: 1, n: 3, values: ['a', { b: 1 }] },
        { ok: 1, n: 3, values: ['a', { b: 1 }] },
      ],
    ] as Array<[Doc, Doc]>) {
      const encoded = encodeWithBatches(withBatch, 7);
      expect(encoded.subarray(7).equals(Buffer.from(BSON.serialize(plain)))).toBe(true);
    }
  });
});
