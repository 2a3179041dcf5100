// Conformance: read-only views (create with viewOn / pipeline, views on views, every read path,
// estimatedDocumentCount, listCollections) and the refusal of writes to a view (166).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_views');
  db = t.db;
  await db.collection('people').insertMany([
    { _id: 1, name: 'ann', age: 30, team: 'a' },
    { _id: 2, name: 'bob', age: 17, team: 'b' },
    { _id: 3, name: 'cid', age: 45, team: 'a' },
    { _id: 4, name: 'dee', age: 52, team: 'b' },
  ] as never);
  await db.createCollection('adults', {
    viewOn: 'people',
    pipeline: [{ $match: { age: { $gte: 18 } } }, { $project: { age: 0 } }],
  });
  await db.createCollection('teamA', { viewOn: 'adults', pipeline: [{ $match: { team: 'a' } }] });
});
afterAll(async () => t.close());

async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  const err = await p.then(
    () => new Error('expected a server error'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

describe('views', () => {
  it('find with filter, sort, skip, limit and projection', async () => {
    const adults = db.collection('adults');
    expect(await adults.find().toArray()).toEqual([
      { _id: 1, name: 'ann', team: 'a' },
      { _id: 3, name: 'cid', team: 'a' },
      { _id: 4, name: 'dee', team: 'b' },
    ]);
    expect(
      await adults
        .find({ team: 'a' }, { sort: { name: -1 }, skip: 0, limit: 1, projection: { name: 1, _id: 0 } })
        .toArray(),
    ).toEqual([{ name: 'cid' }]);
    expect(await adults.findOne({ _id: 2 } as never)).toBeNull();
  });

  it('a view on a view applies both pipelines', async () => {
    expect(await db.collection('teamA').find().toArray()).toEqual([
      { _id: 1, name: 'ann', team: 'a' },
      { _id: 3, name: 'cid', team: 'a' },
    ]);
  });

  it('count, countDocuments, estimatedDocumentCount, distinct and aggregate', async () => {
    const adults = db.collection('adults');
    expect(await adults.estimatedDocumentCount()).toBe(3);
    expect(await adults.countDocuments({ team: 'b' })).toBe(1);
    expect((await db.command({ count: 'teamA' })).n).toBe(2);
    expect(await adults.distinct('team')).toEqual(['a', 'b']);
    expect(
      await adults.aggregate([{ $group: { _id: '$team', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray(),
    ).toEqual([
      { _id: 'a', n: 2 },
      { _id: 'b', n: 1 },
    ]);
  });

  it('follows changes to the underlying collection', async () => {
    await db.collection('people').insertOne({ _id: 5, name: 'eve', age: 20, team: 'a' } as never);
    expect(await db.collection('teamA').countDocuments()).toBe(3);
    await db.collection('people').deleteOne({ _id: 5 } as never);
  });

  it('is listed as a view with its definition', async () => {
    const [info] = await db.listCollections({ name: 'adults' }).toArray();
    expect(info).toMatchObject({
      name: 'adults',
      type: 'view',
      options: { viewOn: 'people', pipeline: [{ $match: { age: { $gte: 18 } } }, { $project: { age: 0 } }] },
      info: { readOnly: true },
    });
  });

  it('refuses writes and index builds (166 CommandNotSupportedOnView)', async () => {
    const adults = db.collection('adults');
    for (const write of [
      () => adults.insertOne({ name: 'x' }),
      () => adults.updateOne({}, { $set: { x: 1 } }),
      () => adults.deleteMany({}),
      () => adults.findOneAndUpdate({}, { $set: { x: 1 } }),
      () => adults.createIndex({ name: 1 }),
    ]) {
      const err = await failure(write());
      expect(err.code).toBe(166);
      expect(err.codeName).toBe('CommandNotSupportedOnView');
      expect(err.message).toBe(`Namespace ${db.databaseName}.adults is a view, not a collection`);
    }
    expect(await db.collection('people').countDocuments()).toBe(4);
  });

  it('can be dropped, leaving the collection', async () => {
    await db.createCollection('tmpView', { viewOn: 'people', pipeline: [] });
    expect(await db.collection('tmpView').countDocuments()).toBe(4);
    await db.collection('tmpView').drop();
    expect((await db.listCollections({ name: 'tmpView' }).toArray()).length).toBe(0);
    expect(await db.collection('people').countDocuments()).toBe(4);
  });
});
