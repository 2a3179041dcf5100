// Conformance: collations (ICU) on every CRUD path, index and collection default collations, and a
// property test comparing the server's collated order and equality with Intl.Collator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MongoServerError, type Collection, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

type Row = { _id: number; x?: unknown; [field: string]: unknown };
let t: TestDb;
let db: Db;
let n = 0;

beforeAll(async () => {
  t = await openTestDb('conf_coll');
  db = t.db;
});
afterAll(async () => t.close());

async function fresh(docs: Row[]): Promise<Collection<Row>> {
  const coll = db.collection<Row>(`c${n++}`);
  if (docs.length) await coll.insertMany(docs);
  return coll;
}

async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  const err = await p.then(
    () => new Error('expected a server error'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

const PINGS: Row[] = [
  { _id: 1, x: 'ping' },
  { _id: 2, x: 'PING' },
  { _id: 3, x: 'pïng' },
  { _id: 4, x: 'pong' },
];
const ids = (docs: Row[]) => docs.map((d) => d._id);
const primary = { locale: 'en', strength: 1 };
const secondary = { locale: 'en', strength: 2 };

describe('collation on reads', () => {
  it('find: strength 1 ignores case and accents, 2 only case, 3 (default) neither', async () => {
    const coll = await fresh(PINGS);
    expect(ids(await coll.find({ x: 'PING' }, { collation: primary }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await coll.find({ x: 'PING' }, { collation: secondary }).toArray())).toEqual([1, 2]);
    expect(ids(await coll.find({ x: 'PING' }, { collation: { locale: 'en' } }).toArray())).toEqual([2]);
    expect(ids(await coll.find({ x: { $in: ['PING', 'x'] } }, { collation: primary }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await coll.find({ x: { $ne: 'PING' } }, { collation: primary }).toArray())).toEqual([4]);
    expect(ids(await coll.find({ x: { $gt: 'PING' } }, { collation: primary }).toArray())).toEqual([4]);
  });

  it('find with an index on the field still answers by the collation', async () => {
    const coll = await fresh(PINGS);
    await coll.createIndex({ x: 1 });
    expect(ids(await coll.find({ x: 'PING' }, { collation: primary }).toArray())).toEqual([1, 2, 3]);
    expect(ids(await coll.find({ x: 'PING' }, { collation: primary, hint: { x: 1 } }).toArray()).sort()).toEqual([
      1, 2, 3,
    ]);
  });

  it('sorts by locale, caseFirst and numericOrdering', async () => {
    const coll = await fresh([
      { _id: 1, x: 'b10' },
      { _id: 2, x: 'b9' },
      { _id: 3, x: 'B9' },
      { _id: 4, x: 'a' },
    ]);
    expect(ids(await coll.find({}, { sort: { x: 1 } }).toArray())).toEqual([3, 4, 1, 2]);
    expect(
      ids(await coll.find({}, { sort: { x: 1 }, collation: { locale: 'en', numericOrdering: true } }).toArray()),
    ).toEqual([4, 2, 3, 1]);
    expect(
      ids(
        await coll
          .find({}, { sort: { x: 1 }, collation: { locale: 'en', numericOrdering: true, caseFirst: 'upper' } })
          .toArray(),
      ),
    ).toEqual([4, 3, 2, 1]);
    const sv = await fresh([
      { _id: 1, x: 'ö' },
      { _id: 2, x: 'z' },
    ]);
    expect(ids(await sv.find({}, { sort: { x: 1 }, collation: { locale: 'de' } }).toArray())).toEqual([1, 2]);
    expect(ids(await sv.find({}, { sort: { x: 1 }, collation: { locale: 'sv' } }).toArray())).toEqual([2, 1]);
  });

  it('alternate shifted ignores spaces and punctuation; caseLevel tells case apart at strength 1', async () => {
    const coll = await fresh([
      { _id: 1, x: 'a-b' },
      { _id: 2, x: 'a b' },
      { _id: 3, x: 'ab' },
      { _id: 4, x: 'AB' },
    ]);
    expect(ids(await coll.find({ x: 'ab' }, { collation: { locale: 'en', alternate: 'shifted' } }).toArray())).toEqual([
      1, 2, 3,
    ]);
    expect(
      ids(
        await coll
          .find({ x: 'ab' }, { collation: { locale: 'en', alternate: 'shifted', maxVariable: 'space' } })
          .toArray(),
      ),
    ).toEqual([2, 3]);
    expect(
      ids(await coll.find({ x: 'ab' }, { collation: { locale: 'en', strength: 1, caseLevel: true } }).toArray()),
    ).toEqual([3]);
    expect(
      ids(await coll.find({ x: 'ab' }, { collation: { locale: 'en', strength: 4, alternate: 'shifted' } }).toArray()),
    ).toEqual([3]);
  });

  it('backwards orders French accents from the end of the word', async () => {
    const coll = await fresh([
      { _id: 1, x: 'cote' },
      { _id: 2, x: 'côte' },
      { _id: 3, x: 'coté' },
      { _id: 4, x: 'côté' },
    ]);
    expect(ids(await coll.find({}, { sort: { x: 1 }, collation: { locale: 'fr' } }).toArray())).toEqual([1, 3, 2, 4]);
    expect(
      ids(await coll.find({}, { sort: { x: 1 }, collation: { locale: 'fr', backwards: true } }).toArray()),
    ).toEqual([1, 2, 3, 4]);
  });

  it('count, countDocuments, distinct and aggregate', async () => {
    const coll = await fresh(PINGS);
    expect(await coll.countDocuments({ x: 'PING' }, { collation: primary })).toBe(3);
    expect((await db.command({ count: coll.collectionName, query: { x: 'PING' }, collation: secondary })).n).toBe(2);
    expect((await coll.distinct('x', {}, { collation: primary })).length).toBe(2);
    const out = await coll
      .aggregate([{ $match: { x: 'ping' } }, { $sort: { x: -1, _id: -1 } }, { $project: { _id: 1 } }], {
        collation: primary,
      })
      .toArray();
    expect(ids(out as Row[])).toEqual([3, 2, 1]);
  });
});

describe('collation on writes', () => {
  it('updateOne, updateMany, replaceOne, deleteOne, deleteMany', async () => {
    const coll = await fresh(PINGS);
    expect((await coll.updateMany({ x: 'PING' }, { $set: { y: 1 } }, { collation: primary })).modifiedCount).toBe(3);
    expect((await coll.updateOne({ x: 'PING' }, { $set: { z: 1 } }, { collation: secondary })).modifiedCount).toBe(1);
    expect((await coll.replaceOne({ x: 'PONG' }, { x: 'pong', r: 1 }, { collation: primary })).modifiedCount).toBe(1);
    expect((await coll.deleteOne({ x: 'PÏNG' }, { collation: primary })).deletedCount).toBe(1);
    expect((await coll.deleteMany({ x: 'PING' }, { collation: secondary })).deletedCount).toBe(1);
    expect(await coll.find().toArray()).toEqual([
      { _id: 3, x: 'pïng', y: 1 },
      { _id: 4, x: 'pong', r: 1 },
    ]);
  });

  it('findOneAndUpdate, findOneAndReplace, findOneAndDelete and bulkWrite', async () => {
    const coll = await fresh(PINGS);
    expect(
      await coll.findOneAndUpdate(
        { x: 'PING' },
        { $set: { y: 1 } },
        { collation: primary, sort: { _id: -1 }, returnDocument: 'after' },
      ),
    ).toEqual({ _id: 3, x: 'pïng', y: 1 });
    expect(await coll.findOneAndReplace({ x: 'PONG' }, { x: 'p' }, { collation: primary })).toEqual({
      _id: 4,
      x: 'pong',
    });
    expect(await coll.findOneAndDelete({ x: 'PING' }, { collation: secondary, sort: { _id: -1 } })).toEqual({
      _id: 2,
      x: 'PING',
    });
    const res = await coll.bulkWrite([
      { updateMany: { filter: { x: 'PING' }, update: { $set: { b: 1 } }, collation: primary } },
      { deleteOne: { filter: { x: 'P' }, collation: primary } },
    ]);
    expect([res.modifiedCount, res.deletedCount]).toEqual([2, 1]);
  });
});

describe('collection and index default collations', () => {
  it('a collection created with a collation uses it by default, and its indexes inherit it', async () => {
    await db.createCollection('withDefault', { collation: primary });
    const coll = db.collection<Row>('withDefault');
    await coll.insertMany(PINGS);
    expect(await coll.countDocuments({ x: 'PING' })).toBe(3);
    expect(await coll.countDocuments({ x: 'PING' }, { collation: { locale: 'simple' } })).toBe(1);
    await coll.createIndex({ x: 1 });
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.find((i) => i.name === 'x_1')?.collation).toMatchObject({ locale: 'en', strength: 1 });
    const [info] = await db.listCollections({ name: 'withDefault' }).toArray();
    expect((info as unknown as { options: { collation: unknown } }).options.collation).toMatchObject({
      locale: 'en',
      strength: 1,
      caseLevel: false,
    });
    expect(ids(await coll.find({ x: 'PING' }).toArray())).toEqual([1, 2, 3]);
  });

  it('an index with its own collation is listed with the full specification', async () => {
    const coll = await fresh(PINGS);
    await coll.createIndex({ x: 1 }, { collation: secondary });
    const index = (await coll.listIndexes().toArray()).find((i) => i.name === 'x_1');
    expect(index?.collation).toMatchObject({
      locale: 'en',
      strength: 2,
      caseFirst: 'off',
      alternate: 'non-ignorable',
      backwards: false,
    });
    expect(ids(await coll.find({ x: 'PING' }).toArray())).toEqual([2]);
  });
});

describe('bad collations', () => {
  it('answers an unknown locale, an out-of-range strength and a missing locale as errors', async () => {
    const coll = await fresh(PINGS);
    expect((await failure(coll.find({}, { collation: { locale: 'xx' } }).toArray())).code).toBe(2);
    expect((await failure(coll.find({}, { collation: { locale: 'en', strength: 9 } as never }).toArray())).code).toBe(
      2,
    );
    expect((await failure(coll.find({}, { collation: { strength: 1 } as never }).toArray())).code).toBe(40414);
  });
});

describe('collated order and equality agree with Intl.Collator (property)', () => {
  const letters = fc.constantFrom('a', 'A', 'b', 'B', 'e', 'é', 'E', 'É', 'o', 'ö', 'O', 'z', 'Z');
  const word = fc.array(letters, { minLength: 0, maxLength: 5 }).map((cs) => cs.join(''));
  const sensitivity = { 1: 'base', 2: 'accent', 3: 'variant' } as const;
  for (const locale of ['en', 'de', 'sv', 'fr']) {
    for (const strength of [1, 2, 3] as const) {
      it(`${locale}, strength ${strength}`, async () => {
        const intl = new Intl.Collator(locale, { sensitivity: sensitivity[strength] });
        const collation = { locale, strength };
        await fc.assert(
          fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 12 }), async (words) => {
            const coll = await fresh(words.map((x, i) => ({ _id: i, x })));
            const sorted = (await coll.find({}, { sort: { x: 1 }, collation }).toArray()).map((d) => d.x as string);
            for (let i = 1; i < sorted.length; i++)
              expect(intl.compare(sorted[i - 1], sorted[i])).toBeLessThanOrEqual(0);
            const probe = words[0];
            const equal = ids(await coll.find({ x: probe }, { collation }).toArray()).sort((a, b) => a - b);
            expect(equal).toEqual(words.flatMap((w, i) => (intl.compare(w, probe) === 0 ? [i] : [])));
            await coll.drop();
          }),
          { numRuns: 15 },
        );
      });
    }
  }
});
