// Conformance: `let` variables, 7.0's refusal of update `sort`, `$`-prefixed `_id` fields and pipeline
// updates producing `$`-prefixed or dotted fields, through the driver, with MongoDB 7.0's error shapes.
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { MongoBulkWriteError, MongoServerError, type Collection, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;
let coll: Collection<{ _id: number | object; [field: string]: unknown }>;

beforeAll(async () => {
  t = await openTestDb('conf_writes');
  db = t.db;
});
afterAll(async () => t.close());
beforeEach(async () => {
  coll = db.collection(`c${Math.random().toString(36).slice(2, 8)}`);
  await coll.insertMany([{ _id: 1, x: 11 } as never, { _id: 2, x: 22 } as never, { _id: 3, x: 33 } as never]);
});

async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  const err = await p.then(
    () => new Error('expected a server error'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

const byId = () => ({ $expr: { $eq: ['$_id', '$$id'] } }) as never;

describe('let variables resolve to their values', () => {
  const vars = { id: 1, x: { $literal: '$notAField' }, sum: { $add: [1, 2] } };

  it('aggregate', async () => {
    const out = await coll
      .aggregate([{ $match: byId() }, { $project: { _id: 0, x: '$$x', sum: '$$sum' } }], { let: vars })
      .toArray();
    expect(out).toEqual([{ x: '$notAField', sum: 3 }]);
  });

  it('find', async () => {
    expect(await coll.find(byId(), { let: { id: { $add: [1, 1] } } }).toArray()).toEqual([{ _id: 2, x: 22 }]);
  });

  it('updateOne and updateMany (pipeline and operator updates)', async () => {
    await coll.updateOne(byId(), [{ $set: { x: '$$x' } }], { let: vars });
    await coll.updateMany({ $expr: { $gt: ['$_id', '$$id'] } }, [{ $set: { y: '$$sum' } }], { let: vars });
    expect(await coll.find().toArray()).toEqual([
      { _id: 1, x: '$notAField' },
      { _id: 2, x: 22, y: 3 },
      { _id: 3, x: 33, y: 3 },
    ]);
  });

  it('deleteOne and deleteMany', async () => {
    expect((await coll.deleteOne(byId(), { let: { id: { $literal: 2 } } })).deletedCount).toBe(1);
    expect((await coll.deleteMany({ $expr: { $lt: ['$_id', '$$id'] } }, { let: { id: 3 } })).deletedCount).toBe(1);
    expect(await coll.find().toArray()).toEqual([{ _id: 3, x: 33 }]);
  });

  it('findOneAndUpdate, findOneAndReplace and findOneAndDelete', async () => {
    const updated = await coll.findOneAndUpdate(byId(), [{ $set: { x: '$$x' } }], {
      let: vars,
      returnDocument: 'after',
    });
    expect(updated).toEqual({ _id: 1, x: '$notAField' });
    const replaced = await coll.findOneAndReplace(byId(), { x: 'r' }, { let: { id: 2 }, returnDocument: 'after' });
    expect(replaced).toEqual({ _id: 2, x: 'r' });
    expect(await coll.findOneAndDelete(byId(), { let: { id: 3 } })).toEqual({ _id: 3, x: 33 });
  });

  it('refuses a variable name that does not start with a lowercase letter', async () => {
    const err = await failure(coll.find(byId(), { let: { Id: 1 } }).toArray());
    expect(err.code).toBe(16870);
  });
});

describe('sort on single updates (8.0+) is refused as 7.0 refuses an unknown field', () => {
  it('updateOne, replaceOne and bulkWrite', async () => {
    for (const write of [
      () => coll.updateOne({}, { $set: { y: 1 } }, { sort: { _id: -1 } } as never),
      () => coll.replaceOne({}, { y: 1 }, { sort: { _id: -1 } } as never),
      () => coll.bulkWrite([{ updateOne: { filter: {}, update: { $set: { y: 1 } }, sort: { _id: -1 } } } as never]),
      () => coll.bulkWrite([{ replaceOne: { filter: {}, replacement: { y: 1 }, sort: { _id: -1 } } } as never]),
    ]) {
      const err = await failure(write());
      expect(err.code).toBe(40415);
      expect(err.message).toBe("BSON field 'update.updates.sort' is an unknown field.");
    }
    expect(await coll.countDocuments({ y: { $exists: true } })).toBe(0);
  });
});

describe('_id with a $-prefixed field', () => {
  it('is refused on insert with a write error (52)', async () => {
    const err = await failure(coll.insertOne({ _id: { $a: 1 } } as never));
    expect(err.code).toBe(52);
    expect(err.message).toBe("_id fields may not contain '$'-prefixed fields: $a is not valid for storage.");
    const bulk = await failure(coll.insertMany([{ _id: 9 }, { _id: { b: { $c: 1 } } }] as never, { ordered: false }));
    expect(bulk).toBeInstanceOf(MongoBulkWriteError);
    expect((bulk as MongoBulkWriteError).writeErrors).toMatchObject([{ index: 1, code: 52 }]);
    expect(await coll.countDocuments()).toBe(4);
  });

  it('accepts dotted names and $ later in the name inside _id', async () => {
    await coll.insertOne({ _id: { 'a.b': 1, a$: 2 } } as never);
    expect(await coll.countDocuments({ _id: { 'a.b': 1, a$: 2 } } as never)).toBe(1);
  });
});

describe('pipeline updates setting $-prefixed and dotted fields', () => {
  it('top level through $replaceWith + $setField', async () => {
    await coll.updateOne({ _id: 1 } as never, [
      { $replaceWith: { $setField: { field: { $literal: '$a' }, value: 1, input: '$$ROOT' } } },
    ]);
    await coll.updateOne({ _id: 1 } as never, [
      { $replaceWith: { $setField: { field: { $literal: 'a.b' }, value: 2, input: '$$ROOT' } } },
    ]);
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, x: 11, $a: 1, 'a.b': 2 });
  });

  it('in an embedded document through $set + $setField, and with $literal', async () => {
    await coll.updateOne({ _id: 2 } as never, [
      { $set: { foo: { $setField: { field: { $literal: '$a' }, value: 1, input: {} } } } },
    ]);
    await coll.updateOne({ _id: 3 } as never, [{ $set: { foo: { $literal: { 'a.b': 1 } } } }]);
    expect(await coll.find({ _id: { $gt: 1 } } as never).toArray()).toEqual([
      { _id: 2, x: 22, foo: { $a: 1 } },
      { _id: 3, x: 33, foo: { 'a.b': 1 } },
    ]);
  });

  it('findOneAndUpdate returns the document with the new fields', async () => {
    const after = await coll.findOneAndUpdate(
      { _id: 1 } as never,
      [{ $replaceWith: { $setField: { field: { $literal: '$x' }, value: '$x', input: '$$ROOT' } } }],
      { returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, x: 11, $x: 11 });
  });

  it('refuses a stage that is not allowed in an update (72)', async () => {
    const err = await failure(coll.updateOne({ _id: 1 } as never, [{ $match: {} }] as never));
    expect(err.code).toBe(72);
  });
});

describe('hint on writes and aggregate follows the index, as mongod does', () => {
  it('a hinted sparse index limits updates, deletes and aggregate to the documents it holds', async () => {
    await coll.updateOne({ _id: 1 } as never, { $set: { s: 1 } });
    await coll.createIndex({ s: 1 }, { sparse: true });
    expect((await coll.updateMany({}, { $set: { u: 1 } }, { hint: { s: 1 } })).matchedCount).toBe(1);
    expect(await coll.aggregate([{ $match: {} }], { hint: { s: 1 } }).toArray()).toEqual([
      { _id: 1, x: 11, s: 1, u: 1 },
    ]);
    expect((await coll.deleteMany({}, { hint: 's_1' })).deletedCount).toBe(1);
    expect(await coll.countDocuments()).toBe(2);
  });
});
