// Conformance: aggregation stages, through the official driver only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Binary, Decimal128, Long, ObjectId, Timestamp, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_agg');
  db = t.db;
  await db.collection('deals').insertMany([
    { _id: 1, agent: 'ann', campaign: 'hotel', value: 100, tags: ['a', 'b'], closedAt: new Date('2024-01-01') },
    { _id: 2, agent: 'bob', campaign: 'hotel', value: 250, tags: ['b'], closedAt: new Date('2024-01-05') },
    { _id: 3, agent: 'ann', campaign: 'ads', value: 50, tags: [], closedAt: new Date('2024-02-01') },
    { _id: 4, agent: 'cid', campaign: 'ads', value: 400, tags: ['c'], closedAt: new Date('2024-02-03') },
    { _id: 5, agent: 'ann', campaign: 'hotel', value: 75, closedAt: new Date('2024-03-01') },
  ] as never[]);
  await db.collection('agents').insertMany([
    { _id: 'ann', name: 'Ann', upline: null },
    { _id: 'bob', name: 'Bob', upline: 'ann' },
    { _id: 'cid', name: 'Cid', upline: 'bob' },
    { _id: 'dan', name: 'Dan', upline: 'cid' },
  ] as never[]);
});
afterAll(async () => t.close());

describe('aggregation', () => {
  it('$match $group $sort $skip $limit $project', async () => {
    const rows = await db
      .collection('deals')
      .aggregate([
        { $match: { value: { $gte: 60 } } },
        {
          $group: {
            _id: '$agent',
            total: { $sum: '$value' },
            n: { $sum: 1 },
            max: { $max: '$value' },
            values: { $push: '$value' },
          },
        },
        { $sort: { total: -1 } },
        { $skip: 0 },
        { $limit: 2 },
        { $project: { _id: 0, agent: '$_id', total: 1, n: 1, avg: { $divide: ['$total', '$n'] } } },
      ])
      .toArray();
    expect(rows).toEqual([
      { total: 400, n: 1, agent: 'cid', avg: 400 },
      { total: 250, n: 1, agent: 'bob', avg: 250 },
    ]);
  });

  it('$addFields/$set, $unset, $replaceRoot, $count, $sortByCount, $unwind', async () => {
    const c = db.collection('deals');
    const set = await c
      .aggregate([
        { $match: { _id: 1 } },
        { $set: { double: { $multiply: ['$value', 2] } } },
        { $addFields: { 'nested.x': 1 } },
        { $unset: ['tags', 'closedAt'] },
      ])
      .toArray();
    expect(set).toEqual([{ _id: 1, agent: 'ann', campaign: 'hotel', value: 100, double: 200, nested: { x: 1 } }]);
    expect((await c.findOne({ _id: 1 as never }))!.tags).toEqual(['a', 'b']);

    const root = await c
      .aggregate([{ $match: { _id: 2 } }, { $replaceRoot: { newRoot: { who: '$agent', v: '$value' } } }])
      .toArray();
    expect(root).toEqual([{ who: 'bob', v: 250 }]);

    expect(await c.aggregate([{ $match: { campaign: 'hotel' } }, { $count: 'hotelDeals' }]).toArray()).toEqual([
      { hotelDeals: 3 },
    ]);

    const byAgent = await c.aggregate([{ $sortByCount: '$agent' }]).toArray();
    expect(byAgent[0]).toEqual({ _id: 'ann', count: 3 });
    expect(byAgent).toHaveLength(3);

    const unwound = await c
      .aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(unwound).toEqual([
      { _id: 'a', n: 1 },
      { _id: 'b', n: 2 },
      { _id: 'c', n: 1 },
    ]);
    const keepEmpty = await c
      .aggregate([{ $unwind: { path: '$tags', preserveNullAndEmptyArrays: true } }, { $count: 'n' }])
      .toArray();
    expect(keepEmpty).toEqual([{ n: 6 }]);
  });

  it('$lookup with localField/foreignField and with a pipeline', async () => {
    const c = db.collection('deals');
    const joined = await c
      .aggregate([
        { $match: { _id: { $in: [1, 4] } } },
        { $sort: { _id: 1 } },
        { $lookup: { from: 'agents', localField: 'agent', foreignField: '_id', as: 'who' } },
        { $project: { _id: 1, name: { $first: '$who.name' } } },
      ])
      .toArray();
    expect(joined).toEqual([
      { _id: 1, name: 'Ann' },
      { _id: 4, name: 'Cid' },
    ]);

    const piped = await db
      .collection('agents')
      .aggregate([
        { $match: { _id: 'ann' } },
        {
          $lookup: {
            from: 'deals',
            let: { me: '$_id' },
            pipeline: [
              { $match: { $expr: { $eq: ['$agent', '$$me'] } } },
              { $group: { _id: null, total: { $sum: '$value' } } },
            ],
            as: 'stats',
          },
        },
        { $project: { _id: 0, name: 1, total: { $first: '$stats.total' } } },
      ])
      .toArray();
    expect(piped).toEqual([{ name: 'Ann', total: 225 }]);
  });

  it('$graphLookup walks a downline', async () => {
    const rows = await db
      .collection('agents')
      .aggregate([
        { $match: { _id: 'ann' } },
        {
          $graphLookup: {
            from: 'agents',
            startWith: '$_id',
            connectFromField: '_id',
            connectToField: 'upline',
            as: 'downline',
            depthField: 'level',
            maxDepth: 2,
          },
        },
        {
          $project: {
            _id: 1,
            downline: {
              $map: {
                input: { $sortArray: { input: '$downline', sortBy: { level: 1 } } },
                in: { id: '$$this._id', level: '$$this.level' },
              },
            },
          },
        },
      ])
      .toArray();
    expect(rows).toEqual([
      {
        _id: 'ann',
        downline: [
          { id: 'bob', level: 0 },
          { id: 'cid', level: 1 },
          { id: 'dan', level: 2 },
        ],
      },
    ]);
  });

  it('$facet runs sub-pipelines over the same input', async () => {
    const [facets] = await db
      .collection('deals')
      .aggregate([
        {
          $facet: {
            total: [{ $group: { _id: null, v: { $sum: '$value' } } }, { $project: { _id: 0 } }],
            top: [{ $sort: { value: -1 } }, { $limit: 1 }, { $project: { _id: 1 } }],
            count: [{ $count: 'n' }],
          },
        },
      ])
      .toArray();
    expect(facets).toEqual({ total: [{ v: 875 }], top: [{ _id: 4 }], count: [{ n: 5 }] });
  });

  it('groups by date parts and uses accumulators', async () => {
    const rows = await db
      .collection('deals')
      .aggregate([
        {
          $group: {
            _id: { $month: '$closedAt' },
            first: { $first: '$agent' },
            agents: { $addToSet: '$agent' },
            avg: { $avg: '$value' },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(rows.map((r) => ({ ...r, agents: [...r.agents].sort() }))).toEqual([
      { _id: 1, first: 'ann', agents: ['ann', 'bob'], avg: 175 },
      { _id: 2, first: 'ann', agents: ['ann', 'cid'], avg: 225 },
      { _id: 3, first: 'ann', agents: ['ann'], avg: 75 },
    ]);
  });

  it('sorts, and takes $min / $max, in the same order of BSON values as find', async () => {
    const c = db.collection('mixed');
    await c.insertMany([
      { k: 'date', v: new Date('2024-01-02T03:04:05Z') },
      { k: 'oid', v: new ObjectId('65a000000000000000000001') },
      { k: 'str', v: 'a' },
      { k: 'dec', v: Decimal128.fromString('1.5') },
      { k: 'int', v: 1 },
      { k: 'long', v: Long.fromNumber(3) },
      { k: 'bool', v: true },
      { k: 'null', v: null },
      { k: 'arr', v: [5, 0.5] },
    ]);
    const viaFind = (await c.find({}).sort({ v: 1, k: 1 }).toArray()).map((d) => d.k);
    expect(viaFind).toEqual(['null', 'arr', 'int', 'dec', 'long', 'str', 'oid', 'bool', 'date']);
    const viaAggregate = (await c.aggregate([{ $project: { k: 1, v: 1 } }, { $sort: { v: 1, k: 1 } }]).toArray()).map(
      (d) => d.k,
    );
    expect(viaAggregate).toEqual(viaFind);
    const descending = (await c.aggregate([{ $project: { k: 1, v: 1 } }, { $sort: { v: -1, k: 1 } }]).toArray()).map(
      (d) => d.k,
    );
    expect(descending).toEqual(['date', 'bool', 'oid', 'str', 'arr', 'long', 'dec', 'int', 'null']);
    const [extremes] = await c
      .aggregate([{ $match: { k: { $ne: 'arr' } } }, { $group: { _id: null, lo: { $min: '$v' }, hi: { $max: '$v' } } }])
      .toArray();
    expect(extremes).toEqual({ _id: null, lo: 1, hi: new Date('2024-01-02T03:04:05Z') });
  });

  it('keeps document order for kept fields and spec order for computed ones, and converts ObjectIds', async () => {
    const c = db.collection('shapes');
    const id = new ObjectId('65a000000000000000000001');
    await c.insertOne({ _id: id, z: 1, a: { y: 1, b: 2 }, m: 5, ref: '65a000000000000000000002' });
    const [projected] = await c.aggregate([{ $project: { x: '$z', m: 1, a: 1, d: { $add: [1, 1] } } }]).toArray();
    expect(Object.keys(projected)).toEqual(['_id', 'a', 'm', 'x', 'd']);
    expect(Object.keys(projected.a)).toEqual(['y', 'b']);
    const [converted] = await c
      .aggregate([{ $project: { _id: 0, hex: { $toString: '$_id' }, oid: { $toObjectId: '$ref' } } }])
      .toArray();
    expect(converted).toEqual({ hex: '65a000000000000000000001', oid: new ObjectId('65a000000000000000000002') });
    const bad = await c
      .aggregate([{ $project: { oid: { $toObjectId: 'nope' } } }])
      .toArray()
      .catch((e) => e);
    expect(bad.code).toBe(241);
  });

  it('names BSON types with the $type expression', async () => {
    const c = db.collection('typed');
    await c.insertMany([
      { _id: 1, x: new ObjectId() },
      { _id: 2, x: 'text' },
      { _id: 3, x: new Date() },
      { _id: 4, x: false },
      { _id: 5, x: 42 },
      { _id: 6, x: Long.fromString('9007199254740993') },
      { _id: 7, x: 0.5 },
      { _id: 8, x: Decimal128.fromString('3.3') },
      { _id: 9, x: null },
      { _id: 10, x: [1] },
      { _id: 11, x: { y: 1 } },
      { _id: 12, x: new Binary(Buffer.from('b')) },
      { _id: 13, x: /r/ },
      { _id: 14, x: new Timestamp({ t: 1, i: 1 }) },
      { _id: 15 },
    ] as never[]);
    const rows = await c.aggregate([{ $sort: { _id: 1 } }, { $project: { _id: 0, t: { $type: '$x' } } }]).toArray();
    expect(rows.map((r) => r.t)).toEqual([
      'objectId',
      'string',
      'date',
      'bool',
      'int',
      'long',
      'double',
      'decimal',
      'null',
      'array',
      'object',
      'binData',
      'regex',
      'timestamp',
      'missing',
    ]);
    const matched = await c.aggregate([{ $match: { x: { $type: 'objectId' } } }, { $project: { _id: 1 } }]).toArray();
    expect(matched).toEqual([{ _id: 1 }]);
    const viaExpr = await c
      .aggregate([{ $match: { $expr: { $eq: [{ $type: '$x' }, 'decimal'] } } }, { $project: { _id: 1 } }])
      .toArray();
    expect(viaExpr).toEqual([{ _id: 8 }]);
    const numeric = await c.aggregate([{ $match: { $expr: { $isNumber: '$x' } } }, { $project: { _id: 1 } }]).toArray();
    expect(numeric.map((r) => r._id).sort((a, b) => a - b)).toEqual([5, 6, 7, 8]);
  });

  it('serves countDocuments and estimatedDocumentCount', async () => {
    const c = db.collection('deals');
    expect(await c.countDocuments()).toBe(5);
    expect(await c.countDocuments({ campaign: 'ads' })).toBe(2);
    expect(await c.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
    expect(await c.estimatedDocumentCount()).toBe(5);
    const [stats] = await c.aggregate([{ $collStats: { count: {} } }]).toArray();
    expect(stats.count).toBe(5);
    expect(await db.collection('nothing_here').countDocuments()).toBe(0);
  });

  it('returns big aggregation results through a cursor', async () => {
    const c = db.collection('many');
    await c.insertMany(Array.from({ length: 1000 }, (_, i) => ({ i, g: i % 10 })));
    const all = await c
      .aggregate([{ $match: { g: { $lt: 5 } } }, { $project: { _id: 0, i: 1 } }], { batchSize: 50 })
      .toArray();
    expect(all).toHaveLength(500);
    const groups = await c.aggregate([{ $group: { _id: '$g', n: { $sum: 1 } } }, { $sort: { _id: -1 } }]).toArray();
    expect(groups).toHaveLength(10);
    expect(groups[0]).toEqual({ _id: 9, n: 100 });
  });
});
