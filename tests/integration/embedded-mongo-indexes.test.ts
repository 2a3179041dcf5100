// Conformance: index use (checked through explain's executionStats), unique / compound / partial /
// sparse constraints with MongoDB's E11000 shape. Driver only (TTL expiry: embedded-mongo-ttl.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError, ObjectId, type Collection, type Db, type Document } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_idx');
  db = t.db;
});
afterAll(async () => t.close());

async function examined(c: Collection, filter: Document, options: { sort?: Document; limit?: number } = {}) {
  let cursor = c.find(filter);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.limit) cursor = cursor.limit(options.limit);
  const explain = (await cursor.explain('executionStats')) as Document;
  return {
    docs: explain.executionStats.totalDocsExamined as number,
    returned: explain.executionStats.nReturned as number,
    plan: JSON.stringify(explain.queryPlanner.winningPlan),
  };
}

describe('index use', () => {
  const N = 2000;
  let c: Collection;

  beforeAll(async () => {
    c = db.collection('leads');
    await c.insertMany(
      Array.from({ length: N }, (_, i) => ({
        seq: i,
        email: `user${i}@example.test`,
        campaign: `c${i % 20}`,
        score: i % 100,
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      })),
    );
    await c.createIndex({ email: 1 }, { unique: true });
    await c.createIndex({ campaign: 1, score: -1 });
    await c.createIndex({ createdAt: 1 });
    await c.createIndex({ seq: 1 });
  });

  it('lists the indexes it has', async () => {
    const names = (await c.listIndexes().toArray()).map((i) => i.name);
    expect(names).toEqual(['_id_', 'email_1', 'campaign_1_score_-1', 'createdAt_1', 'seq_1']);
    const compound = (await c.indexes()).find((i) => i.name === 'campaign_1_score_-1');
    expect(compound?.key).toEqual({ campaign: 1, score: -1 });
  });

  it('uses an index for equality instead of scanning everything', async () => {
    const r = await examined(c, { email: 'user1234@example.test' });
    expect(r.returned).toBe(1);
    expect(r.docs).toBe(1);
    expect(r.plan).toContain('IXSCAN');
  });

  it('uses an index for ranges and $in', async () => {
    const from = new Date(Date.UTC(2024, 0, 1) + 100 * 60_000);
    const to = new Date(Date.UTC(2024, 0, 1) + 110 * 60_000);
    const range = await examined(c, { createdAt: { $gte: from, $lt: to } });
    expect(range.returned).toBe(10);
    expect(range.docs).toBe(10);

    const gt = await examined(c, { seq: { $gt: N - 6 } });
    expect(gt.returned).toBe(5);
    expect(gt.docs).toBe(5);

    const inList = await examined(c, { seq: { $in: [5, 10, 15, 99999] } });
    expect(inList.returned).toBe(3);
    expect(inList.docs).toBe(3);
  });

  it('explains equality, range, $in and sort on indexed fields as IXSCAN, never COLLSCAN', async () => {
    const from = new Date(Date.UTC(2024, 0, 1));
    const cases: Array<[Document, { sort?: Document; limit?: number }]> = [
      [{ email: 'user7@example.test' }, {}],
      [{ seq: { $gte: 100, $lt: 120 } }, {}],
      [{ createdAt: { $gt: from } }, { limit: 5 }],
      [{ seq: { $in: [1, 2, 3] } }, {}],
      [{ campaign: 'c1', score: { $lte: 10 } }, {}],
      [{}, { sort: { createdAt: -1 }, limit: 10 }],
      [{ campaign: 'c2' }, { sort: { score: -1 } }],
    ];
    for (const [filter, options] of cases) {
      const { plan } = await examined(c, filter, options);
      expect(plan, JSON.stringify(filter)).toContain('IXSCAN');
      expect(plan, JSON.stringify(filter)).not.toContain('COLLSCAN');
    }
  });

  it('follows a hint and refuses one naming no index', async () => {
    const hinted = (await c
      .find({ seq: 5, campaign: 'c5' })
      .hint('campaign_1_score_-1')
      .explain('queryPlanner')) as Document;
    expect(JSON.stringify(hinted.queryPlanner.winningPlan)).toContain('campaign_1_score_-1');
    expect(await c.find({ seq: 5 }).hint({ seq: 1 }).toArray()).toHaveLength(1);
    const err = await c
      .find({ seq: 5 })
      .hint('no_such_index')
      .toArray()
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(2);
    expect(err.message).toContain('hint provided does not correspond to an existing index');
  });

  it('uses a partial index when the query implies its filter', async () => {
    const p = db.collection('partial_use');
    await p.createIndex({ cuisine: 1 }, { partialFilterExpression: { rating: { $gt: 5 } } });
    await p.createIndex({ code: 1 }, { partialFilterExpression: { code: { $exists: true } } });
    await p.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        cuisine: `k${i % 3}`,
        rating: i % 10,
        ...(i % 2 ? { code: `x${i}` } : {}),
      })),
    );
    const implied = await examined(p, { cuisine: 'k1', rating: { $gte: 8 } });
    expect(implied.plan).toContain('IXSCAN');
    expect(implied.returned).toBe(20);
    const code = await examined(p, { code: 'x7' });
    expect(code.plan).toContain('IXSCAN');
    expect(code.returned).toBe(1);
    // Without the rating condition the partial index would miss documents: it must not be used.
    const notImplied = await examined(p, { cuisine: 'k1' });
    expect(notImplied.plan).not.toContain('IXSCAN');
    expect(notImplied.returned).toBe(100);
    expect(await p.countDocuments({ cuisine: 'k1', rating: { $lt: 3 } })).toBe(30);
  });

  it('uses a compound index by prefix and not without it', async () => {
    const prefix = await examined(c, { campaign: 'c7' });
    expect(prefix.returned).toBe(N / 20);
    expect(prefix.docs).toBe(N / 20);

    const both = await examined(c, { campaign: 'c7', score: { $gte: 50 } });
    // c7 holds seq 7, 27, 47, 67, 87 (mod 100) in equal parts; scores 67 and 87 pass.
    expect(both.returned).toBe((N / 20) * (2 / 5));
    expect(both.docs).toBe((N / 20) * (2 / 5));

    const noPrefix = await examined(c, { score: 7 });
    expect(noPrefix.returned).toBe(N / 100);
    expect(noPrefix.docs).toBe(N);
  });

  it('walks an index for sort with limit', async () => {
    const top = await c.find({}).sort({ seq: -1 }).limit(3).toArray();
    expect(top.map((d) => d.seq)).toEqual([N - 1, N - 2, N - 3]);
    const r = await examined(c, {}, { sort: { seq: -1 }, limit: 3 });
    expect(r.docs).toBe(3);

    const sorted = await c.find({ campaign: 'c3' }).sort({ score: -1 }).limit(2).toArray();
    expect(sorted.map((d) => d.score)).toEqual([83, 83]);
    const byIndex = await examined(c, { campaign: 'c3' }, { sort: { score: -1 }, limit: 2 });
    expect(byIndex.docs).toBe(2);
    expect(byIndex.plan).not.toContain('"SORT"');
  });

  it('keeps answers right after updates and deletes move index keys', async () => {
    await c.updateOne({ seq: 10 }, { $set: { seq: 10_000 } });
    expect(await c.countDocuments({ seq: 10 })).toBe(0);
    expect(await c.countDocuments({ seq: { $gte: 10_000 } })).toBe(1);
    await c.deleteOne({ seq: 10_000 });
    expect(await c.countDocuments({ seq: { $gte: 10_000 } })).toBe(0);
    expect(await c.countDocuments({ seq: { $lt: 20 } })).toBe(19);
  });

  it('indexes array elements (multikey)', async () => {
    const m = db.collection('multikey');
    await m.createIndex({ tags: 1 });
    await m.insertMany([{ tags: ['a', 'b'] }, { tags: ['b', 'c'] }, { tags: 'a' }, { tags: [] }, {}]);
    expect(await m.countDocuments({ tags: 'b' })).toBe(2);
    expect(await m.countDocuments({ tags: 'a' })).toBe(2);
    expect(await m.countDocuments({ tags: { $in: ['a', 'c'] } })).toBe(3);
    expect(await m.countDocuments({ tags: { $gt: 'a' } })).toBe(2);
    const r = await examined(m, { tags: 'c' });
    expect(r.returned).toBe(1);
    expect(r.docs).toBe(1);
  });

  it('drops indexes', async () => {
    await c.dropIndex('seq_1');
    expect((await c.listIndexes().toArray()).map((i) => i.name)).not.toContain('seq_1');
    await expect(c.dropIndex('seq_1')).rejects.toMatchObject({ code: 27, codeName: 'IndexNotFound' });
    const again = await c.createIndex({ seq: 1 });
    expect(again).toBe('seq_1');
    expect(await c.createIndex({ seq: 1 })).toBe('seq_1');
    await expect(c.createIndex({ seq: -1 }, { name: 'seq_1' })).rejects.toMatchObject({ code: 86 });
  });
});

function winningPlanOf(explain: Document): string {
  const cursor = explain.stages?.[0]?.$cursor as Document | undefined;
  return JSON.stringify(explain.queryPlanner?.winningPlan ?? cursor?.queryPlanner?.winningPlan);
}

function docsExaminedOf(explain: Document): number {
  const cursor = explain.stages?.[0]?.$cursor as Document | undefined;
  const stats = (explain.executionStats ?? cursor?.executionStats) as Document;
  return stats.totalDocsExamined as number;
}

describe('index use by aggregate, $or, $in and null equality', () => {
  const USERS = 40;
  const N = 3000;
  let c: Collection;
  const users = Array.from({ length: USERS }, () => new ObjectId());
  // Every third notification is read, every third has readAt: null and every third has no readAt.
  const unreadOf = (u: number) =>
    Array.from({ length: N }, (_, i) => i).filter((i) => i % USERS === u && i % 3 !== 0).length;

  beforeAll(async () => {
    c = db.collection('notifications');
    await c.insertMany(
      Array.from({ length: N }, (_, i) => ({
        userId: users[i % USERS],
        kind: `k${i % 7}`,
        ...(i % 3 === 0 ? { readAt: new Date(Date.UTC(2025, 0, 1) + i * 1000) } : i % 3 === 1 ? { readAt: null } : {}),
        seq: i,
      })),
    );
    await c.createIndex({ userId: 1, readAt: 1 });
    await c.createIndex({ seq: 1 });
  });

  it('runs a leading $match ($in plus readAt: null) on the index, counting documents without readAt', async () => {
    const wanted = users.slice(0, 3);
    const pipeline = [
      { $match: { userId: { $in: wanted }, readAt: null } },
      { $group: { _id: '$userId', unread: { $sum: 1 } } },
    ];
    const rows = await c.aggregate(pipeline).toArray();
    const byUser = new Map(rows.map((r) => [String(r._id), r.unread]));
    wanted.forEach((u, i) => expect(byUser.get(String(u))).toBe(unreadOf(i)));
    const explain = (await c.aggregate(pipeline).explain('executionStats')) as Document;
    expect(winningPlanOf(explain)).toContain('IXSCAN');
    expect(winningPlanOf(explain)).toContain('userId_1_readAt_1');
    expect(winningPlanOf(explain)).not.toContain('COLLSCAN');
    expect(docsExaminedOf(explain)).toBe(unreadOf(0) + unreadOf(1) + unreadOf(2));
  });

  it('runs $match + $sort on the index, with no sort stage left', async () => {
    const pipeline = [{ $match: { userId: users[5] } }, { $sort: { readAt: -1 } }, { $limit: 5 }];
    const rows = await c.aggregate(pipeline).toArray();
    const reads = rows.map((r) => (r.readAt as Date).getTime());
    expect(reads).toEqual([...reads].sort((a, b) => b - a));
    expect(rows).toHaveLength(5);
    const explain = (await c.aggregate(pipeline).explain('queryPlanner')) as Document;
    const plan = winningPlanOf(explain);
    expect(plan).toContain('IXSCAN');
    expect(plan).not.toContain('COLLSCAN');
    expect(plan).not.toContain('"SORT"');
    expect(JSON.stringify(explain.stages ?? [])).not.toContain('"$sort"');
  });

  it('answers an $or whose branches are all indexed with index scans', async () => {
    const filter = { $or: [{ userId: users[1], readAt: null }, { seq: { $lt: 10 } }, { seq: { $in: [2000, 2001] } }] };
    const expected = Array.from({ length: N }, (_, i) => i).filter(
      (i) => (i % USERS === 1 && i % 3 !== 0) || i < 10 || i === 2000 || i === 2001,
    );
    const got = (await c.find(filter).toArray()).map((d) => d.seq as number).sort((a, b) => a - b);
    expect(got).toEqual(expected);
    const sorted = await c.find(filter).sort({ seq: -1 }).limit(3).toArray();
    expect(sorted.map((d) => d.seq)).toEqual([...expected].reverse().slice(0, 3));
    const explain = (await c.find(filter).explain('executionStats')) as Document;
    const plan = winningPlanOf(explain);
    expect(plan).toContain('IXSCAN');
    expect(plan).not.toContain('COLLSCAN');
    expect(docsExaminedOf(explain)).toBeLessThan(N / 10);
    // The same $or in an aggregate's leading $match, and in count / update / delete.
    const agg = (await c.aggregate([{ $match: filter }, { $count: 'n' }]).explain('executionStats')) as Document;
    expect(winningPlanOf(agg)).toContain('IXSCAN');
    expect(winningPlanOf(agg)).not.toContain('COLLSCAN');
    expect(await c.countDocuments(filter)).toBe(expected.length);
    expect((await c.updateMany(filter, { $set: { flagged: true } })).modifiedCount).toBe(expected.length);
    expect(await c.countDocuments({ flagged: true })).toBe(expected.length);
    expect(
      (
        await c.updateMany(
          { $and: [{ $or: [{ seq: 1 }, { seq: 2 }] }, { flagged: true }] },
          { $unset: { flagged: '' } },
        )
      ).modifiedCount,
    ).toBe(2);
    await c.updateMany({ flagged: true }, { $unset: { flagged: '' } });
  });

  it('still scans the collection for an $or with an unindexed branch, with the right answer', async () => {
    const filter = { $or: [{ seq: 3 }, { kind: 'k6' }] };
    const expected = Array.from({ length: N }, (_, i) => i).filter((i) => i === 3 || i % 7 === 6);
    expect(await c.countDocuments(filter)).toBe(expected.length);
    const got = (await c.find(filter).toArray()).map((d) => d.seq as number).sort((a, b) => a - b);
    expect(got).toEqual(expected);
  });

  it('matches missing fields for null equality through the index, as a collection scan does', async () => {
    const u = users[7];
    const filters: Document[] = [
      { userId: u, readAt: null },
      { userId: u, readAt: { $eq: null } },
      { userId: u, readAt: { $in: [null] } },
      { userId: { $in: [u] }, readAt: { $in: [null, new Date(0)] } },
    ];
    for (const filter of filters) {
      const viaIndex = await c.find(filter).toArray();
      const viaScan = await c.find(filter).hint({ $natural: 1 }).toArray();
      expect(viaIndex.length, JSON.stringify(filter)).toBe(unreadOf(7));
      expect(viaScan.length, JSON.stringify(filter)).toBe(unreadOf(7));
      expect(viaIndex.filter((d) => !('readAt' in d)).length).toBeGreaterThan(0);
      expect(viaIndex.filter((d) => d.readAt === null).length).toBeGreaterThan(0);
      const explain = (await c.find(filter).explain('queryPlanner')) as Document;
      expect(winningPlanOf(explain), JSON.stringify(filter)).toContain('IXSCAN');
    }
    expect(await c.countDocuments({ userId: u, readAt: null })).toBe(unreadOf(7));
  });
});

describe('unique indexes', () => {
  it('rejects duplicates with the E11000 shape', async () => {
    const c = db.collection('users');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ email: 'a@x.test', name: 'A' });
    const err = await c.insertOne({ email: 'a@x.test', name: 'B' }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(11000);
    expect(err.codeName ?? 'DuplicateKey').toBe('DuplicateKey');
    expect(err.message).toBe(
      `E11000 duplicate key error collection: ${db.databaseName}.users index: email_1 dup key: { email: "a@x.test" }`,
    );
    expect(err.keyPattern).toEqual({ email: 1 });
    expect(err.keyValue).toEqual({ email: 'a@x.test' });
    expect(await c.countDocuments()).toBe(1);
  });

  it('enforces compound unique keys on the whole key', async () => {
    const c = db.collection('memberships');
    await c.createIndex({ userId: 1, campaignId: 1 }, { unique: true });
    await c.insertMany([
      { userId: 1, campaignId: 2 },
      { userId: 1, campaignId: 3 },
      { userId: 2, campaignId: 2 },
    ]);
    const err = await c.insertOne({ userId: 1, campaignId: 2 }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.message).toContain('index: userId_1_campaignId_1 dup key: { userId: 1, campaignId: 2 }');
    expect(err.keyPattern).toEqual({ userId: 1, campaignId: 1 });
    expect(err.keyValue).toEqual({ userId: 1, campaignId: 2 });
  });

  it('treats a missing field as null unless the index is sparse or partial', async () => {
    const plain = db.collection('plain_unique');
    await plain.createIndex({ code: 1 }, { unique: true });
    await plain.insertOne({ x: 1 });
    const err = await plain.insertOne({ x: 2 }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ code: null });

    const sparse = db.collection('sparse_unique');
    await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ x: 1 }, { x: 2 }, { code: 'k' }]);
    await expect(sparse.insertOne({ code: 'k' })).rejects.toMatchObject({ code: 11000 });
    expect(await sparse.countDocuments({ code: null })).toBe(2);

    const partial = db.collection('partial_unique');
    await partial.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { email: { $type: 'string' } } });
    await partial.insertMany([{ email: null }, { email: null }, {}, { email: 'p@x.test' }]);
    const dup = await partial.insertOne({ email: 'p@x.test' }).catch((e) => e);
    expect(dup.code).toBe(11000);
    expect(dup.keyValue).toEqual({ email: 'p@x.test' });
    const listed = (await partial.listIndexes().toArray()).find((i) => i.name === 'email_1');
    expect(listed).toMatchObject({ unique: true, partialFilterExpression: { email: { $type: 'string' } } });
  });

  it('enforces a unique index whose partial filter is {$type: objectId}, and uses it for queries that imply it', async () => {
    const c = db.collection('partial_oid');
    await c.createIndex({ dealId: 1 }, { unique: true, partialFilterExpression: { dealId: { $type: 'objectId' } } });
    const dealId = new ObjectId();
    await c.insertMany([
      { dealId },
      { dealId: null },
      { dealId: null },
      {},
      { dealId: 'not-an-oid' },
      { dealId: 'not-an-oid' },
    ]);
    const dup = await c.insertOne({ dealId }).catch((e) => e);
    expect(dup).toBeInstanceOf(MongoServerError);
    expect(dup.code).toBe(11000);
    expect(dup.keyPattern).toEqual({ dealId: 1 });
    expect(dup.keyValue).toEqual({ dealId });
    const viaUpdate = await c.updateOne({ dealId: 'not-an-oid' }, { $set: { dealId } }).catch((e) => e);
    expect(viaUpdate.code).toBe(11000);
    expect(await c.countDocuments({ dealId })).toBe(1);
    expect(await c.countDocuments({ dealId: { $type: 'objectId' } })).toBe(1);

    const r = await examined(c, { dealId });
    expect(r.returned).toBe(1);
    expect(r.plan).toContain('IXSCAN');
    expect(r.plan).not.toContain('COLLSCAN');
    // A string can't be in the index: the query must not use it (and still finds both documents).
    const s = await examined(c, { dealId: 'not-an-oid' });
    expect(s.returned).toBe(2);
    expect(s.plan).not.toContain('IXSCAN');
  });

  it('refuses to build a unique index over existing duplicates', async () => {
    const c = db.collection('dups_before');
    await c.insertMany([{ k: 1 }, { k: 1 }]);
    const err = await c.createIndex({ k: 1 }, { unique: true }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('checks upserts and replacements too', async () => {
    const c = db.collection('unique_updates');
    await c.createIndex({ slug: 1 }, { unique: true });
    await c.insertMany([{ slug: 'a' }, { slug: 'b' }]);
    await expect(c.replaceOne({ slug: 'b' }, { slug: 'a' })).rejects.toMatchObject({ code: 11000 });
    await expect(c.updateOne({ slug: 'zz' }, { $set: { slug: 'a' } }, { upsert: true })).rejects.toMatchObject({
      code: 11000,
    });
    expect(await c.countDocuments()).toBe(2);
  });
});
