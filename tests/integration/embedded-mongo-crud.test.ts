// Conformance: CRUD, update operators, findAndModify, cursors, batch write errors.
// Runs through the official driver only, against whichever MongoDB the run uses
// (the embedded server by default, real MongoDB 7.0 when TEST_MONGO_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Binary,
  Decimal128,
  Long,
  MongoBulkWriteError,
  MongoServerError,
  ObjectId,
  Timestamp,
  type Db,
  type Document,
} from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_crud');
  db = t.db;
});
afterAll(async () => t.close());

describe('insert and find', () => {
  it('generates an ObjectId _id, stores _id first and keeps field order', async () => {
    const c = db.collection('order');
    const res = await c.insertOne({ z: 1, a: 2, m: { y: 1, b: 2 } });
    expect(res.insertedId).toBeInstanceOf(ObjectId);
    await c.insertOne({ a: 1, _id: 'given' as never, b: 2 });
    const first = await c.findOne({ _id: res.insertedId });
    expect(Object.keys(first!)).toEqual(['_id', 'z', 'a', 'm']);
    expect(Object.keys(first!.m)).toEqual(['y', 'b']);
    const second = await c.findOne({ _id: 'given' as never });
    expect(Object.keys(second!)).toEqual(['_id', 'a', 'b']);
  });

  it('filters, sorts, skips, limits and projects', async () => {
    const c = db.collection('people');
    await c.insertMany(
      Array.from({ length: 20 }, (_, i) => ({
        name: `p${String(i).padStart(2, '0')}`,
        age: 20 + (i % 7),
        city: i % 2 ? 'Cairo' : 'Lagos',
        tags: [`t${i % 3}`],
      })),
    );
    const rows = await c
      .find({ city: 'Cairo', age: { $gte: 22 } }, { projection: { _id: 0, name: 1, age: 1 } })
      .sort({ age: -1, name: 1 })
      .skip(1)
      .limit(3)
      .toArray();
    const all = (await c.find({ city: 'Cairo', age: { $gte: 22 } }).toArray())
      .sort((a, b) => b.age - a.age || a.name.localeCompare(b.name))
      .map((d) => ({ name: d.name, age: d.age }));
    expect(rows).toEqual(all.slice(1, 4));
    expect(Object.keys(rows[0])).toEqual(['name', 'age']);

    expect(await c.countDocuments({ tags: 't1' })).toBe(7);
    expect(await c.countDocuments({ name: { $in: ['p01', 'p02', 'nope'] } })).toBe(2);
    expect(await c.countDocuments({ $or: [{ age: 20 }, { city: 'Lagos', age: 21 }] })).toBe(4);
    expect(await c.countDocuments({ name: /^p1/ })).toBe(10);
    expect(await c.countDocuments({ $comment: 'labels the query only', city: 'Cairo' })).toBe(10);
    expect(await c.countDocuments({ missing: null })).toBe(20);
    expect(await c.countDocuments({ missing: { $exists: true } })).toBe(0);
    expect(await c.estimatedDocumentCount()).toBe(20);
    expect((await c.distinct('city')).sort()).toEqual(['Cairo', 'Lagos']);
    expect((await c.distinct('tags', { city: 'Cairo' })).sort()).toEqual(['t0', 't1', 't2']);

    const excluded = await c.findOne({ name: 'p00' }, { projection: { tags: 0, _id: 0 } });
    expect(excluded).toEqual({ name: 'p00', age: 20, city: 'Lagos' });
  });

  it('projects nested exclusions without changing stored documents', async () => {
    const c = db.collection('nested');
    await c.insertOne({ _id: 1 as never, a: { b: 1, c: 2 }, arr: [1, 2, 3, 4] });
    expect(await c.findOne({}, { projection: { 'a.b': 0 } })).toEqual({ _id: 1, a: { c: 2 }, arr: [1, 2, 3, 4] });
    expect(await c.findOne({}, { projection: { arr: { $slice: 2 }, a: 1 } })).toEqual({
      _id: 1,
      a: { b: 1, c: 2 },
      arr: [1, 2],
    });
    expect(await c.findOne({})).toEqual({ _id: 1, a: { b: 1, c: 2 }, arr: [1, 2, 3, 4] });
  });

  it('keeps the first matching element with $elemMatch and refuses mixed projections', async () => {
    const c = db.collection('projections');
    await c.insertOne({
      _id: 1 as never,
      scores: [3, 8, 9],
      items: [
        { k: 'a', q: 1 },
        { k: 'b', q: 5 },
        { k: 'c', q: 7 },
      ],
      x: 1,
    });
    expect(await c.findOne({}, { projection: { scores: { $elemMatch: { $gt: 5 } } } })).toEqual({
      _id: 1,
      scores: [8],
    });
    expect(await c.findOne({}, { projection: { _id: 0, items: { $elemMatch: { q: { $gt: 4 } } } } })).toEqual({
      items: [{ k: 'b', q: 5 }],
    });
    expect(await c.findOne({ 'items.k': 'c' }, { projection: { 'items.$': 1 } })).toEqual({
      _id: 1,
      items: [{ k: 'c', q: 7 }],
    });
    const inclusion = await c.findOne({}, { projection: { x: 1, scores: 0 } }).catch((e) => e);
    expect(inclusion).toBeInstanceOf(MongoServerError);
    expect(inclusion.code).toBe(31254);
    expect(inclusion.message).toContain('Cannot do exclusion on field scores in inclusion projection');
    const exclusion = await c.findOne({}, { projection: { x: 0, scores: 1 } }).catch((e) => e);
    expect(exclusion.code).toBe(31253);
    expect(exclusion.message).toContain('Cannot do inclusion on field scores in exclusion projection');
    const pipeline = await c
      .aggregate([{ $project: { x: 1, scores: 0 } }])
      .toArray()
      .catch((e) => e);
    expect(pipeline.code).toBe(31254);
  });

  it('orders values across BSON types and numeric types as MongoDB does', async () => {
    const c = db.collection('types');
    const oid = new ObjectId('65a000000000000000000001');
    const date = new Date('2024-01-02T03:04:05Z');
    await c.insertMany([
      { k: 'date', v: date },
      { k: 'true', v: true },
      { k: 'oid', v: oid },
      { k: 'obj', v: { x: 1 } },
      { k: 'str-a', v: 'a' },
      { k: 'str-B', v: 'B' },
      { k: 'long3', v: Long.fromNumber(3) },
      { k: 'dec1.5', v: Decimal128.fromString('1.5') },
      { k: 'int1', v: 1 },
      { k: 'dbl2.5', v: 2.5 },
      { k: 'null', v: null },
      { k: 'false', v: false },
    ]);
    const asc = (
      await c
        .find({}, { projection: { _id: 0, k: 1 } })
        .sort({ v: 1, k: 1 })
        .toArray()
    ).map((d) => d.k);
    expect(asc).toEqual([
      'null',
      'int1',
      'dec1.5',
      'dbl2.5',
      'long3',
      'str-B',
      'str-a',
      'obj',
      'oid',
      'false',
      'true',
      'date',
    ]);
    const desc = (
      await c
        .find({}, { projection: { _id: 0, k: 1 } })
        .sort({ v: -1, k: 1 })
        .toArray()
    ).map((d) => d.k);
    expect(desc).toEqual([...asc].reverse());
    expect((await c.findOne({ v: 3 }))?.k).toBe('long3');
    expect((await c.find({ v: { $gt: 1, $lt: 3 } }).toArray()).map((d) => d.k).sort()).toEqual(['dbl2.5', 'dec1.5']);
    expect((await c.find({ v: { $gte: 'B' } }).toArray()).map((d) => d.k).sort()).toEqual(['str-B', 'str-a']);
    expect((await c.findOne({ v: { $lt: new Date('2025-01-01') } }))?.k).toBe('date');
  });

  it('returns large results in batches through getMore', async () => {
    const c = db.collection('batches');
    await c.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    // Cursor ids are int64: keep them as Long so getMore sends them back with their exact type.
    const raw = { promoteLongs: false } as const;
    const first = await db.command({ find: 'batches', filter: {}, sort: { i: 1 } }, raw);
    expect(first.cursor.firstBatch).toHaveLength(101);
    expect(first.cursor.id.isZero()).toBe(false);
    expect(first.cursor.ns).toBe(`${db.databaseName}.batches`);
    const more = await db.command({ getMore: first.cursor.id, collection: 'batches', batchSize: 100 }, raw);
    expect(more.cursor.nextBatch).toHaveLength(100);
    expect(more.cursor.nextBatch[0].i).toBe(101);
    const rest = await db.command({ getMore: first.cursor.id, collection: 'batches' }, raw);
    expect(rest.cursor.nextBatch).toHaveLength(49);
    expect(rest.cursor.id.isZero()).toBe(true);

    const viaDriver = await c.find({}).sort({ i: 1 }).batchSize(7).toArray();
    expect(viaDriver.map((d) => d.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    const limited = await db.command({ find: 'batches', filter: {}, limit: 5 }, raw);
    expect(limited.cursor.firstBatch).toHaveLength(5);
    expect(limited.cursor.id.isZero()).toBe(true);

    const cursor = c.find({}).batchSize(10);
    await cursor.next();
    await cursor.close();
    await expect(db.command({ getMore: Long.fromNumber(424242), collection: 'batches' })).rejects.toMatchObject({
      code: 43,
      codeName: 'CursorNotFound',
    });
  });
});

describe('update operators', () => {
  it('applies $set $unset $inc $mul $min $max $rename $currentDate', async () => {
    const c = db.collection('ops');
    await c.insertOne({ _id: 1 as never, a: 1, b: 'x', n: { x: 5 }, lo: 10, hi: 10, old: 'v', price: 2 });
    const before = Date.now();
    const res = await c.updateOne(
      { _id: 1 as never },
      {
        $set: { 'n.y': 2, c: [1] },
        $unset: { b: '' },
        $inc: { a: 2, 'n.x': -1, fresh: 1 },
        $mul: { price: 1.5 },
        $min: { lo: 3 },
        $max: { hi: 30 },
        $rename: { old: 'renamed' },
        $currentDate: { touched: true },
      },
    );
    expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const doc = await c.findOne({ _id: 1 as never });
    expect(doc).toMatchObject({ a: 3, n: { x: 4, y: 2 }, c: [1], fresh: 1, price: 3, lo: 3, hi: 30, renamed: 'v' });
    expect(doc).not.toHaveProperty('b');
    expect(doc).not.toHaveProperty('old');
    expect(doc!.touched).toBeInstanceOf(Date);
    expect(doc!.touched.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const noop = await c.updateOne({ _id: 1 as never }, { $set: { a: 3 } });
    expect(noop).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
  });

  it('applies array operators: $push modifiers, $addToSet, $pull, $pop, positional and arrayFilters', async () => {
    const c = db.collection('arrays');
    await c.insertOne({
      _id: 1 as never,
      xs: [5, 1],
      set: ['a'],
      items: [
        { k: 'a', q: 1 },
        { k: 'b', q: 2 },
        { k: 'c', q: 3 },
      ],
    });
    await c.updateOne({ _id: 1 as never }, { $push: { xs: { $each: [9, 0, 4], $sort: 1, $slice: 4 } } } as never);
    expect((await c.findOne({ _id: 1 as never }))!.xs).toEqual([0, 1, 4, 5]);
    await c.updateOne({ _id: 1 as never }, { $push: { xs: { $each: [7], $position: 1 } } } as never);
    expect((await c.findOne({ _id: 1 as never }))!.xs).toEqual([0, 7, 1, 4, 5]);
    await c.updateOne({ _id: 1 as never }, { $addToSet: { set: { $each: ['a', 'b', 'b'] } } });
    expect((await c.findOne({ _id: 1 as never }))!.set).toEqual(['a', 'b']);
    await c.updateOne({ _id: 1 as never }, { $pull: { xs: { $gte: 5 }, items: { q: { $gt: 2 } } } as never });
    let doc = await c.findOne({ _id: 1 as never });
    expect(doc!.xs).toEqual([0, 1, 4]);
    expect(doc!.items.map((i: { k: string }) => i.k)).toEqual(['a', 'b']);
    await c.updateOne({ _id: 1 as never }, { $pop: { xs: -1 } });
    await c.updateOne({ _id: 1 as never, 'items.k': 'b' }, { $set: { 'items.$.q': 20 } });
    await c.updateOne({ _id: 1 as never }, { $inc: { 'items.$[it].q': 100 } }, { arrayFilters: [{ 'it.k': 'a' }] });
    doc = await c.findOne({ _id: 1 as never });
    expect(doc!.xs).toEqual([1, 4]);
    expect(doc!.items).toEqual([
      { k: 'a', q: 101 },
      { k: 'b', q: 20 },
    ]);
    await c.updateOne({ _id: 1 as never }, { $inc: { 'items.$[].q': 1 } });
    expect((await c.findOne({ _id: 1 as never }))!.items).toEqual([
      { k: 'a', q: 102 },
      { k: 'b', q: 21 },
    ]);
  });

  it('updates many, upserts from the equality part of the filter, honours $setOnInsert', async () => {
    const c = db.collection('upserts');
    await c.insertMany([
      { g: 1, v: 1 },
      { g: 1, v: 2 },
      { g: 2, v: 3 },
    ]);
    const many = await c.updateMany({ g: 1 }, { $inc: { v: 10 } });
    expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2, upsertedCount: 0 });

    const up = await c.updateOne(
      { slug: 'hotel', 'meta.owner': 'o1', rank: { $gt: 5 } },
      { $set: { name: 'Hotel' }, $setOnInsert: { createdAt: 'now' } },
      { upsert: true },
    );
    expect(up.upsertedCount).toBe(1);
    expect(up.upsertedId).toBeInstanceOf(ObjectId);
    const inserted = await c.findOne({ _id: up.upsertedId! });
    expect(inserted).toEqual({
      _id: up.upsertedId,
      slug: 'hotel',
      meta: { owner: 'o1' },
      name: 'Hotel',
      createdAt: 'now',
    });

    const again = await c.updateOne(
      { slug: 'hotel' },
      { $set: { name: 'Hotel 2' }, $setOnInsert: { createdAt: 'later' } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect((await c.findOne({ slug: 'hotel' }))!.createdAt).toBe('now');

    const withId = await c.updateOne({ _id: 'fixed' as never }, { $set: { x: 1 } }, { upsert: true });
    expect(withId.upsertedId).toBe('fixed');

    const replaced = await c.replaceOne({ slug: 'hotel' }, { slug: 'hotel', only: true });
    expect(replaced.modifiedCount).toBe(1);
    const after = await c.findOne({ slug: 'hotel' });
    expect(after).toEqual({ _id: up.upsertedId, slug: 'hotel', only: true });
    const replUpsert = await c.replaceOne({ slug: 'new' }, { slug: 'new', r: 1 }, { upsert: true });
    expect(replUpsert.upsertedCount).toBe(1);
  });

  it('sets $currentDate as a date or a timestamp, and seeds upserts from one-value $in and one-branch $or', async () => {
    const c = db.collection('current_date');
    await c.insertOne({ _id: 1 as never });
    const stamps: Document = { d: true, typed: { $type: 'date' }, ts: { $type: 'timestamp' } };
    await c.updateOne({ _id: 1 as never }, { $currentDate: stamps });
    const doc = await c.findOne({ _id: 1 as never });
    expect(doc!.d).toBeInstanceOf(Date);
    expect(doc!.typed).toBeInstanceOf(Date);
    expect(doc!.ts).toBeInstanceOf(Timestamp);
    expect(Math.abs(doc!.ts.getHighBits() - Date.now() / 1000)).toBeLessThan(60);

    await c.updateOne({ slug: { $in: ['only'] }, $or: [{ kind: 'k' }] }, { $set: { v: 1 } }, { upsert: true });
    expect(await c.findOne({ slug: 'only' }, { projection: { _id: 0 } })).toEqual({ slug: 'only', kind: 'k', v: 1 });
    const conflict = await c
      .updateOne({ _id: 2 as never }, { $set: { a: 1 }, $setOnInsert: { a: 2 } }, { upsert: true })
      .catch((e) => e);
    expect(conflict.code).toBe(40);
  });

  it('takes _id from $setOnInsert / $set on an upsert that inserts, and refuses changing an existing _id', async () => {
    const c = db.collection('upsert_ids');
    const joined = new Date('2025-01-02T03:04:05Z');
    const id = new ObjectId();
    const up = await c.updateOne(
      { userId: 'u1', campaignId: 'c1' },
      { $setOnInsert: { _id: id, userId: 'u1', campaignId: 'c1', joinedAt: joined } },
      { upsert: true },
    );
    expect(up).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
    expect(up.upsertedId).toEqual(id);
    const stored = await c.findOne({ _id: id });
    expect(stored).toEqual({ _id: id, userId: 'u1', campaignId: 'c1', joinedAt: joined });
    expect(Object.keys(stored!)[0]).toBe('_id');
    // The same upsert again matches: $setOnInsert (and its _id) is ignored.
    const again = await c.updateOne(
      { userId: 'u1', campaignId: 'c1' },
      { $setOnInsert: { _id: new ObjectId(), joinedAt: new Date() } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
    expect(await c.countDocuments({})).toBe(1);

    const viaSet = await c.updateOne({ slug: 's' }, { $set: { _id: 'set-id' as never, v: 1 } }, { upsert: true });
    expect(viaSet.upsertedId).toBe('set-id');
    expect(await c.findOne({ _id: 'set-id' as never })).toEqual({ _id: 'set-id', slug: 's', v: 1 });
    const fam = await c.findOneAndUpdate(
      { slug: 'fam' },
      { $setOnInsert: { _id: 'fam-id' as never }, $set: { v: 2 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(fam).toEqual({ _id: 'fam-id', slug: 'fam', v: 2 });

    // The same _id as the filter's equality is fine; a different one is an immutable-field error.
    const same = await c.updateOne(
      { _id: 'q-id' as never },
      { $setOnInsert: { _id: 'q-id' as never, w: 1 } },
      { upsert: true },
    );
    expect(same.upsertedId).toBe('q-id');
    const clash = await c
      .updateOne({ _id: 'other' as never }, { $setOnInsert: { _id: 'different' as never } }, { upsert: true })
      .catch((e) => e);
    expect(clash).toBeInstanceOf(MongoServerError);
    expect(clash.code).toBe(66);
    expect(await c.countDocuments({ _id: { $in: ['other', 'different'] } as never })).toBe(0);

    // On an existing document, $set of the same _id is a no-op and a different one is code 66.
    const noop = await c.updateOne({ _id: 'set-id' as never }, { $set: { _id: 'set-id' as never } });
    expect(noop).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    const changed = await c.updateOne({ _id: 'set-id' as never }, { $set: { _id: 'moved' as never } }).catch((e) => e);
    expect(changed).toBeInstanceOf(MongoServerError);
    expect(changed.code).toBe(66);
    expect(await c.findOne({ _id: 'set-id' as never })).toEqual({ _id: 'set-id', slug: 's', v: 1 });
  });

  it('supports pipeline-style updates', async () => {
    const c = db.collection('pipeline_updates');
    await c.insertMany([
      { _id: 1 as never, a: 2, b: 3, junk: 1 },
      { _id: 2 as never, a: 5, b: 5, junk: 1 },
    ]);
    const res = await c.updateMany({}, [{ $set: { sum: { $add: ['$a', '$b'] } } }, { $unset: 'junk' }]);
    expect(res.modifiedCount).toBe(2);
    expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, a: 2, b: 3, sum: 5 },
      { _id: 2, a: 5, b: 5, sum: 10 },
    ]);
  });

  it('deletes one or many', async () => {
    const c = db.collection('deletes');
    await c.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }, { k: 3 }]);
    expect((await c.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect((await c.deleteMany({ k: { $gte: 1 } })).deletedCount).toBe(3);
    expect((await c.deleteMany({})).deletedCount).toBe(0);
  });
});

describe('$type', () => {
  const values: Array<[string, unknown]> = [
    ['objectId', new ObjectId('64b7f0c2a1b2c3d4e5f60718')],
    ['string', 'text'],
    ['date', new Date('2024-05-06T07:08:09Z')],
    ['bool', true],
    ['int', 7],
    ['long', Long.fromString('9007199254740993')],
    ['double', 2.5],
    ['decimal', Decimal128.fromString('1.10')],
    ['null', null],
    ['array', []],
    ['object', { nested: 1 }],
    ['binData', new Binary(Buffer.from('bin'))],
    ['regex', /ab+c/i],
    ['timestamp', new Timestamp({ t: 1700000000, i: 3 })],
  ];
  const codes: Record<string, number> = {
    double: 1,
    string: 2,
    object: 3,
    array: 4,
    binData: 5,
    objectId: 7,
    bool: 8,
    date: 9,
    null: 10,
    regex: 11,
    int: 16,
    timestamp: 17,
    long: 18,
    decimal: 19,
  };

  beforeAll(async () => {
    await db.collection('types').insertMany(values.map(([name, x]) => ({ _id: name as never, x })));
  });

  it('matches every BSON type by alias and by number code', async () => {
    const c = db.collection('types');
    for (const [name] of values) {
      const byAlias = (await c.find({ x: { $type: name as never } }).toArray()).map((d) => d._id);
      const byCode = (await c.find({ x: { $type: codes[name] as never } }).toArray()).map((d) => d._id);
      expect(byAlias, name).toEqual([name]);
      expect(byCode, `${name} (${codes[name]})`).toEqual([name]);
    }
    const numbers = (
      await c
        .find({ x: { $type: 'number' } })
        .sort({ _id: 1 })
        .toArray()
    ).map((d) => d._id);
    expect(numbers).toEqual(['decimal', 'double', 'int', 'long']);
    const either = (
      await c
        .find({ x: { $type: ['objectId', 'bool'] } })
        .sort({ _id: 1 })
        .toArray()
    ).map((d) => d._id);
    expect(either).toEqual(['bool', 'objectId']);
  });

  it('matches array elements and dotted paths, and refuses unknown aliases', async () => {
    const c = db.collection('types_paths');
    const oid = new ObjectId();
    await c.insertMany([
      { _id: 1 as never, a: [1, 'two', oid] },
      { _id: 2 as never, a: { b: oid } },
      { _id: 3 as never, a: [{ b: 'x' }, { b: oid }] },
      { _id: 4 as never, a: 'plain' },
    ]);
    const ids = async (filter: Document) => (await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ a: { $type: 'objectId' } })).toEqual([1]);
    expect(await ids({ a: { $type: 'string' } })).toEqual([1, 4]);
    expect(await ids({ a: { $type: 'array' } })).toEqual([1, 3]);
    expect(await ids({ 'a.b': { $type: 'objectId' } })).toEqual([2, 3]);
    expect(await ids({ a: { $not: { $type: 'objectId' } } })).toEqual([2, 3, 4]);
    const unknown = await c
      .find({ a: { $type: 'objectid' } })
      .toArray()
      .catch((e) => e);
    expect(unknown).toBeInstanceOf(MongoServerError);
    expect(unknown.code).toBe(2);
    const badCode = await c
      .find({ a: { $type: 99 } })
      .toArray()
      .catch((e) => e);
    expect(badCode.code).toBe(2);
  });
});

describe('findAndModify', () => {
  it('returns before/after images with sort, projection and upsert', async () => {
    const c = db.collection('fam');
    await c.insertMany([
      { q: 'job', p: 2, state: 'new' },
      { q: 'job', p: 1, state: 'new' },
    ]);
    const before = await c.findOneAndUpdate(
      { q: 'job', state: 'new' },
      { $set: { state: 'taken' } },
      { sort: { p: 1 }, projection: { _id: 0, p: 1, state: 1 } },
    );
    expect(before).toEqual({ p: 1, state: 'new' });
    const after = await c.findOneAndUpdate(
      { q: 'job', state: 'new' },
      { $set: { state: 'taken' } },
      { returnDocument: 'after' },
    );
    expect(after).toMatchObject({ p: 2, state: 'taken' });
    expect(await c.findOneAndUpdate({ q: 'job', state: 'new' }, { $set: { state: 'x' } })).toBeNull();

    const meta = await c.findOneAndUpdate(
      { q: 'other' },
      { $set: { v: 1 } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(meta.ok).toBe(1);
    expect(meta.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(meta.lastErrorObject!.upserted).toBeInstanceOf(ObjectId);
    expect(meta.value).toMatchObject({ q: 'other', v: 1 });

    const existing = await c.findOneAndUpdate({ q: 'other' }, { $inc: { v: 1 } }, { includeResultMetadata: true });
    expect(existing.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(existing.value).toMatchObject({ v: 1 });

    const replaced = await c.findOneAndReplace({ q: 'other' }, { q: 'other', v: 'r' }, { returnDocument: 'after' });
    expect(replaced).toMatchObject({ q: 'other', v: 'r' });
    const removed = await c.findOneAndDelete({ q: 'job' }, { sort: { p: -1 } });
    expect(removed).toMatchObject({ p: 2 });
    expect(await c.countDocuments({ q: 'job' })).toBe(1);
    const none = await c.findOneAndDelete({ q: 'nothing' }, { includeResultMetadata: true });
    expect(none.lastErrorObject).toEqual({ n: 0 });
    expect(none.value).toBeNull();
  });
});

describe('batch writes', () => {
  it('keeps going after a duplicate key in an unordered batch and stops in an ordered one', async () => {
    const c = db.collection('bulk');
    const unordered = await c
      .insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }, { _id: 2 }, { _id: 3 }] as never[], { ordered: false })
      .catch((e) => e);
    expect(unordered).toBeInstanceOf(MongoBulkWriteError);
    expect(unordered.insertedCount).toBe(3);
    expect(unordered.writeErrors.map((e: { index: number }) => e.index)).toEqual([1, 3]);
    const first = unordered.writeErrors[0];
    expect(first.code).toBe(11000);
    expect(first.errmsg).toBe(
      `E11000 duplicate key error collection: ${db.databaseName}.bulk index: _id_ dup key: { _id: 1 }`,
    );
    // The driver's bulk API drops keyPattern/keyValue; the raw reply carries them.
    const raw = await db.command({ insert: 'bulk', documents: [{ _id: 7 }, { _id: 1 }, { _id: 8 }], ordered: false });
    expect(raw.n).toBe(2);
    expect(raw.writeErrors).toHaveLength(1);
    expect(raw.writeErrors[0]).toMatchObject({ index: 1, code: 11000, keyPattern: { _id: 1 }, keyValue: { _id: 1 } });

    const ordered = await c.insertMany([{ _id: 10 }, { _id: 1 }, { _id: 11 }] as never[]).catch((e) => e);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    expect(ordered.insertedCount).toBe(1);
    expect(ordered.writeErrors).toHaveLength(1);
    expect(await c.countDocuments({ _id: 11 as never })).toBe(0);

    const bulk = await c.bulkWrite([
      { insertOne: { document: { _id: 20 } } },
      { updateOne: { filter: { _id: 20 }, update: { $set: { a: 1 } } } },
      { updateMany: { filter: { _id: { $gte: 10 } }, update: { $set: { b: 1 } } } },
      { replaceOne: { filter: { _id: 21 }, replacement: { r: 1 }, upsert: true } },
      { deleteOne: { filter: { _id: 3 } } },
    ] as never[]);
    expect(bulk).toMatchObject({
      insertedCount: 1,
      matchedCount: 3,
      modifiedCount: 3,
      upsertedCount: 1,
      deletedCount: 1,
    });
    expect(bulk.upsertedIds).toEqual({ 3: 21 });
  });

  it('reports each duplicate on a secondary unique index at its position in an unordered batch', async () => {
    const c = db.collection('bulk_secondary');
    await c.createIndex({ email: 1 }, { unique: true });
    const docs = ['a', 'b', 'a', 'c', 'b', 'd'].map((email, i) => ({ email, i }));
    const err = await c.insertMany(docs, { ordered: false }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    expect(err.insertedCount).toBe(4);
    expect(err.writeErrors.map((e: { index: number; code: number }) => [e.index, e.code])).toEqual([
      [2, 11000],
      [4, 11000],
    ]);
    expect(
      (
        await c
          .find({}, { projection: { _id: 0, i: 1 } })
          .sort({ i: 1 })
          .toArray()
      ).map((d) => d.i),
    ).toEqual([0, 1, 3, 5]);
    const raw = await db.command({
      insert: 'bulk_secondary',
      documents: [{ email: 'e' }, { email: 'c' }, { email: 'a' }],
      ordered: false,
    });
    expect(raw.n).toBe(1);
    expect(raw.writeErrors.map((e: { index: number; keyValue: unknown }) => [e.index, e.keyValue])).toEqual([
      [1, { email: 'c' }],
      [2, { email: 'a' }],
    ]);
    expect(raw.writeErrors[0].keyPattern).toEqual({ email: 1 });

    const updates = await c
      .bulkWrite(
        [
          { updateOne: { filter: { email: 'e' }, update: { $set: { email: 'a' } } } },
          { updateOne: { filter: { email: 'd' }, update: { $set: { seen: true } } } },
        ],
        { ordered: false },
      )
      .catch((e) => e);
    expect(updates).toBeInstanceOf(MongoBulkWriteError);
    expect(updates.writeErrors.map((e: { index: number; code: number }) => [e.index, e.code])).toEqual([[0, 11000]]);
    expect(await c.countDocuments({ seen: true })).toBe(1);
  });

  it('reports a duplicate key from an update as a write error', async () => {
    const c = db.collection('bulk_update');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany([{ email: 'a' }, { email: 'b' }]);
    const err = await c.updateOne({ email: 'b' }, { $set: { email: 'a' } }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: 'a' });
    expect(await c.countDocuments({ email: 'b' })).toBe(1);
  });
});

describe('databases and collections', () => {
  it('creates, lists, renames and drops', async () => {
    await db.createCollection('made');
    await expect(db.createCollection('made')).rejects.toMatchObject({ code: 48, codeName: 'NamespaceExists' });
    await db.collection('made').insertOne({ x: 1 });
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toContain('made');
    const filtered = await db.listCollections({ name: 'made' }).toArray();
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toMatchObject({ name: 'made', type: 'collection' });

    await db.renameCollection('made', 'renamed');
    expect(await db.collection('renamed').countDocuments()).toBe(1);
    expect(await db.listCollections({ name: 'made' }).toArray()).toHaveLength(0);
    await db.collection('target').insertOne({ y: 1 });
    await expect(db.renameCollection('renamed', 'target')).rejects.toMatchObject({ code: 48 });
    await db.renameCollection('renamed', 'target', { dropTarget: true });
    expect(await db.collection('target').findOne({}, { projection: { _id: 0 } })).toEqual({ x: 1 });

    expect(await db.collection('target').drop()).toBe(true);
    expect(await db.collection('never_existed').drop()).toBe(true);

    const dbs = await t.client.db('admin').admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain(db.databaseName);
    const stats = await db.stats();
    expect(stats.ok).toBe(1);
    expect(stats.db).toBe(db.databaseName);
  });

  it('accepts write concerns, read concerns, maxTimeMS and fsync as a standalone does', async () => {
    const c = db.collection('concerns', { readConcern: { level: 'local' } });
    await c.insertOne({ k: 1 }, { writeConcern: { w: 1, j: true } });
    await c.insertOne({ k: 2 }, { writeConcern: { w: 'majority', wtimeoutMS: 1000 } });
    await c.updateOne({ k: 1 }, { $set: { j: true } }, { writeConcern: { j: true } });
    expect(
      await c
        .find({ k: { $gte: 1 } })
        .maxTimeMS(5000)
        .comment('why')
        .toArray(),
    ).toHaveLength(2);
    expect(await t.client.db('admin').command({ fsync: 1 })).toMatchObject({ ok: 1 });
    await expect(db.command({ fsync: 1 })).rejects.toMatchObject({ code: 13 });
  });

  it('keeps databases apart', async () => {
    const other = t.client.db(`${db.databaseName}_other`);
    await other.collection('shared').insertOne({ from: 'other' });
    await db.collection('shared').insertOne({ from: 'main' });
    expect(
      await other
        .collection('shared')
        .find({}, { projection: { _id: 0 } })
        .toArray(),
    ).toEqual([{ from: 'other' }]);
    await other.dropDatabase();
    expect(await other.collection('shared').countDocuments()).toBe(0);
    expect(await db.collection('shared').countDocuments()).toBe(1);
  });
});
