// Conformance: $out and $merge (into, on, whenMatched incl. a pipeline, whenNotMatched), with
// MongoDB's error shapes (DuplicateKey from whenMatched: 'fail' and from $out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError, type Collection, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

type Row = { _id: number | object; [field: string]: unknown };
let t: TestDb;
let db: Db;
let n = 0;

beforeAll(async () => {
  t = await openTestDb('conf_out');
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

const SOURCE: Row[] = [
  { _id: 1, x: 11, k: 'a' },
  { _id: 2, x: 22, k: 'b' },
  { _id: 3, x: 33, k: 'c' },
];

describe('$out', () => {
  it('replaces the target with the pipeline output and returns no documents', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([{ _id: 9, old: true }]);
    await dest.createIndex({ y: 1 });
    const out = await src
      .aggregate([{ $match: { x: { $gt: 11 } } }, { $project: { y: '$x' } }, { $out: dest.collectionName }])
      .toArray();
    expect(out).toEqual([]);
    expect(await dest.find().toArray()).toEqual([
      { _id: 2, y: 22 },
      { _id: 3, y: 33 },
    ]);
    expect((await dest.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'y_1']);
  });

  it('writes to another database and creates the target', async () => {
    const src = await fresh(SOURCE);
    const other = `${db.databaseName}_o`;
    try {
      await src.aggregate([{ $out: { db: other, coll: 'copy' } }]).toArray();
      expect(await t.client.db(other).collection('copy').countDocuments()).toBe(3);
    } finally {
      await t.client.db(other).dropDatabase();
    }
  });

  it('a duplicate key leaves the target untouched and answers 11000', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([{ _id: 9 }]);
    const err = await failure(
      src
        .aggregate([{ $project: { _id: 1 } }, { $unionWith: src.collectionName }, { $out: dest.collectionName }])
        .toArray(),
    );
    expect(err.code).toBe(11000);
    expect(err.message).toContain('E11000 duplicate key error');
    expect(await dest.find().toArray()).toEqual([{ _id: 9 }]);
  });

  it('must be the last stage (40601)', async () => {
    const src = await fresh(SOURCE);
    const err = await failure(src.aggregate([{ $out: 'x' }, { $match: {} }]).toArray());
    expect(err.code).toBe(40601);
  });
});

describe('$merge', () => {
  it('defaults: on _id, whenMatched merge, whenNotMatched insert', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([{ _id: 1, x: 0, keep: true }]);
    expect(await src.aggregate([{ $merge: dest.collectionName }]).toArray()).toEqual([]);
    expect(await dest.find().toArray()).toEqual([
      { _id: 1, x: 11, keep: true, k: 'a' },
      { _id: 2, x: 22, k: 'b' },
      { _id: 3, x: 33, k: 'c' },
    ]);
  });

  it('replace, keepExisting and discard', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([
      { _id: 1, x: 0, keep: true },
      { _id: 2, x: 0 },
    ]);
    await src
      .aggregate([
        { $match: { _id: 1 } },
        { $merge: { into: dest.collectionName, whenMatched: 'replace', whenNotMatched: 'discard' } },
      ])
      .toArray();
    await src
      .aggregate([{ $merge: { into: dest.collectionName, whenMatched: 'keepExisting', whenNotMatched: 'discard' } }])
      .toArray();
    expect(await dest.find().toArray()).toEqual([
      { _id: 1, x: 11, k: 'a' },
      { _id: 2, x: 0 },
    ]);
  });

  it('whenMatched as a pipeline with $$new and let', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([{ _id: 1, total: 100 }]);
    await src
      .aggregate([
        {
          $merge: {
            into: dest.collectionName,
            let: { add: '$x' },
            whenMatched: [{ $set: { total: { $add: ['$total', '$$add'] } } }],
          },
        },
      ])
      .toArray();
    await src
      .aggregate([
        { $match: { _id: 2 } },
        { $merge: { into: dest.collectionName, whenMatched: [{ $set: { fromNew: '$$new.k' } }] } },
      ])
      .toArray();
    expect(await dest.find().toArray()).toEqual([
      { _id: 1, total: 111 },
      { _id: 2, x: 22, k: 'b', fromNew: 'b' },
      { _id: 3, x: 33, k: 'c' },
    ]);
  });

  it('on other fields needs a unique index on them (51183), then matches by them', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([{ _id: 100, k: 'a', v: 1 }]);
    const noIndex = await failure(
      src.aggregate([{ $project: { _id: 0 } }, { $merge: { into: dest.collectionName, on: 'k' } }]).toArray(),
    );
    expect(noIndex.code).toBe(51183);
    await dest.createIndex({ k: 1 }, { unique: true });
    await src.aggregate([{ $project: { _id: 0 } }, { $merge: { into: dest.collectionName, on: 'k' } }]).toArray();
    const rows = await dest
      .find({}, { projection: { _id: 0 } })
      .sort({ k: 1 })
      .toArray();
    expect(rows).toEqual([
      { k: 'a', v: 1, x: 11 },
      { k: 'b', x: 22 },
      { k: 'c', x: 33 },
    ]);
    expect(await dest.countDocuments({ _id: 100 } as never)).toBe(1);
  });

  it('whenMatched fail reports the duplicate key as MongoDB does (11000)', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([{ _id: 2 }]);
    const err = await failure(
      src.aggregate([{ $merge: { into: dest.collectionName, whenMatched: 'fail' } }]).toArray(),
    );
    expect(err.code).toBe(11000);
    expect(err.message).toContain(
      `E11000 duplicate key error collection: ${db.databaseName}.${dest.collectionName} index: _id_ dup key: { _id: 2 }`,
    );
    expect(err.errorResponse.keyPattern).toEqual({ _id: 1 });
    expect(err.errorResponse.keyValue).toEqual({ _id: 2 });
  });

  it('whenNotMatched fail answers 13113', async () => {
    const src = await fresh(SOURCE);
    const dest = await fresh([{ _id: 1 }]);
    const err = await failure(
      src.aggregate([{ $merge: { into: dest.collectionName, whenNotMatched: 'fail' } }]).toArray(),
    );
    expect(err.code).toBe(13113);
  });
});
