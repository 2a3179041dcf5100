// Conformance: index choice for anchored $regex prefixes, $in (merged in sort order), $ne and
// $exists on sparse / partial indexes, and the aggregate pipeline's head; explain's IXSCAN bounds and
// examined counts. Property tests: on random data, every query answers the same documents in the
// same order with the planner's index as with a collection scan (hint {$natural: 1}). Driver only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Collection, Db, Document } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_plan');
  db = t.db;
});
afterAll(async () => t.close());

function winningPlan(explain: Document): Document {
  const planner = (explain.queryPlanner ?? explain.stages?.[0]?.$cursor?.queryPlanner) as Document;
  return planner.winningPlan as Document;
}

function executionStats(explain: Document): Document {
  return (explain.executionStats ?? explain.stages?.[0]?.$cursor?.executionStats) as Document;
}

/** Every stage of a plan tree with this name. */
function stages(plan: Document, name: string): Document[] {
  const out: Document[] = [];
  const walk = (s: Document | undefined) => {
    if (!s) return;
    if (s.stage === name) out.push(s);
    walk(s.inputStage as Document | undefined);
    for (const i of (s.inputStages as Document[] | undefined) ?? []) walk(i);
  };
  walk(plan);
  return out;
}

describe('explain shows the index a query uses, its bounds and what it examined', () => {
  const N = 1000;
  let c: Collection;

  beforeAll(async () => {
    c = db.collection('people');
    await c.insertMany(
      Array.from({ length: N }, (_, i) => ({
        seq: i,
        name: `${['ann', 'bob', 'cy', 'dee'][i % 4]}${i}`,
        campaign: `c${i % 10}`,
        score: i,
        ...(i % 50 === 0 ? { phone: `+1555${i}` } : {}),
        ...(i % 25 === 0 ? { referrer: `r${i}` } : {}),
      })),
    );
    await c.createIndex({ name: 1 });
    await c.createIndex({ campaign: 1, score: -1 });
    await c.createIndex({ phone: 1 }, { sparse: true });
    await c.createIndex({ referrer: 1 }, { partialFilterExpression: { referrer: { $exists: true } } });
  });

  it('scans the prefix range of an anchored $regex, then re-matches', async () => {
    const explain = await c.find({ name: /^bob1/ }).explain('executionStats');
    const [ixscan] = stages(winningPlan(explain), 'IXSCAN');
    expect(ixscan.indexName).toBe('name_1');
    expect(ixscan.keyPattern).toEqual({ name: 1 });
    expect(ixscan.indexBounds).toEqual({ name: ['["bob1", "bob2")', '[/^bob1/, /^bob1/]'] });
    expect(stages(winningPlan(explain), 'COLLSCAN')).toHaveLength(0);
    // bob1, bob13, bob17, bob101 ...: every name starting with bob1 and nothing else is examined.
    const expected = await c.countDocuments({ name: /^bob1/ }, { hint: { $natural: 1 } });
    expect(expected).toBeGreaterThan(10);
    const stats = executionStats(explain);
    expect(stats.nReturned).toBe(expected);
    expect(stats.totalKeysExamined).toBe(expected);
    expect(stats.totalDocsExamined).toBe(expected);
  });

  it('does not take a prefix from a case-insensitive or unanchored regex', async () => {
    for (const filter of [{ name: /^bob1/i }, { name: /bob1/ }, { name: { $regex: '^bob1', $options: 'i' } }]) {
      const explain = await c.find(filter).explain('executionStats');
      expect(stages(winningPlan(explain), 'IXSCAN'), JSON.stringify(filter)).toHaveLength(0);
      expect(executionStats(explain).totalDocsExamined).toBe(N);
    }
    const explain = await c.find({ name: { $regex: '^dee9', $options: 's' } }).explain('executionStats');
    expect(stages(winningPlan(explain), 'IXSCAN')[0].indexBounds).toEqual({
      name: ['["dee9", "dee:")', '[/^dee9/s, /^dee9/s]'],
    });
  });

  it('merges one ordered index scan per $in value to provide the sort (SORT_MERGE), stopping at the limit', async () => {
    const cursor = c
      .find({ campaign: { $in: ['c3', 'c7'] } })
      .sort({ score: -1 })
      .limit(5);
    const explain = await cursor.explain('executionStats');
    const plan = winningPlan(explain);
    expect(stages(plan, 'SORT')).toHaveLength(0);
    const [merge] = stages(plan, 'SORT_MERGE');
    expect(merge.sortPattern).toEqual({ score: -1 });
    expect((merge.inputStages as Document[]).map((s) => s.indexBounds)).toEqual([
      { campaign: ['["c3", "c3"]'], score: ['[MaxKey, MinKey]'] },
      { campaign: ['["c7", "c7"]'], score: ['[MaxKey, MinKey]'] },
    ]);
    const stats = executionStats(explain);
    expect(stats.nReturned).toBe(5);
    expect(stats.totalDocsExamined).toBe(5);
    // The five returned, plus the next key of each scan read while merging.
    expect(stats.totalKeysExamined).toBeLessThanOrEqual(7);
    const docs = await c
      .find({ campaign: { $in: ['c3', 'c7'] } })
      .sort({ score: -1 })
      .limit(5)
      .toArray();
    expect(docs.map((d) => d.score)).toEqual([997, 993, 987, 983, 977]);
  });

  it('scans the two ranges around a $ne value on a compound index prefix', async () => {
    const explain = await c
      .find({ campaign: { $ne: 'c0' } })
      .sort({ campaign: 1 })
      .explain('executionStats');
    const [ixscan] = stages(winningPlan(explain), 'IXSCAN');
    expect(ixscan.indexName).toBe('campaign_1_score_-1');
    expect(ixscan.indexBounds).toEqual({ campaign: ['[MinKey, "c0")', '("c0", MaxKey]'], score: ['[MaxKey, MinKey]'] });
    const stats = executionStats(explain);
    expect(stats.nReturned).toBe(900);
    expect(stats.totalKeysExamined).toBe(900);
    expect(stats.totalDocsExamined).toBe(900);
  });

  it('answers $exists: true from a sparse index and from a partial index whose filter it implies', async () => {
    const sparse = await c.find({ phone: { $exists: true } }).explain('executionStats');
    expect(stages(winningPlan(sparse), 'IXSCAN')[0]).toMatchObject({
      indexName: 'phone_1',
      isSparse: true,
      indexBounds: { phone: ['[MinKey, MaxKey]'] },
    });
    expect(executionStats(sparse)).toMatchObject({
      nReturned: N / 50,
      totalKeysExamined: N / 50,
      totalDocsExamined: N / 50,
    });

    const partial = await c.find({ referrer: { $exists: true } }).explain('executionStats');
    expect(stages(winningPlan(partial), 'IXSCAN')[0]).toMatchObject({ indexName: 'referrer_1', isPartial: true });
    expect(executionStats(partial)).toMatchObject({ nReturned: N / 25, totalDocsExamined: N / 25 });

    // $exists: false can't come from either: those documents are not in the index.
    const missing = await c.find({ phone: { $exists: false } }).explain('executionStats');
    expect(stages(winningPlan(missing), 'COLLSCAN')).toHaveLength(1);
    expect(executionStats(missing).nReturned).toBe(N - N / 50);
  });

  it('shows equality and range bounds, skip and limit, and the FETCH filter only where the bounds are not the whole filter', async () => {
    const explain = await c
      .find({ campaign: 'c2', score: { $gte: 500 } })
      .skip(2)
      .limit(3)
      .explain('executionStats');
    const plan = winningPlan(explain);
    expect(plan.stage).toBe('LIMIT');
    expect(plan.limitAmount).toBe(3);
    expect(stages(plan, 'SKIP')[0].skipAmount).toBe(2);
    const [fetch] = stages(plan, 'FETCH');
    expect(fetch.filter).toBeUndefined();
    expect(fetch.inputStage.indexBounds).toEqual({ campaign: ['["c2", "c2"]'], score: ['[inf, 500]'] });
    expect(executionStats(explain)).toMatchObject({ nReturned: 3, totalKeysExamined: 5, totalDocsExamined: 5 });

    const filtered = await c.find({ campaign: 'c2', seq: { $mod: [2, 0] } }).explain('queryPlanner');
    expect(stages(winningPlan(filtered), 'FETCH')[0].filter).toBeDefined();
    expect(filtered.executionStats).toBeUndefined();

    // A null point (a missing field has the same key) is re-matched; the score range the bounds express is not.
    const withNull = await c.find({ campaign: { $in: ['c2', null] }, score: { $gte: 500 } }).explain('executionStats');
    expect(stages(winningPlan(withNull), 'FETCH')[0].filter).toEqual({ campaign: { $in: ['c2', null] } });
    expect(executionStats(withNull).nReturned).toBe(
      await c.countDocuments({ campaign: 'c2', score: { $gte: 500 } }, { hint: { $natural: 1 } }),
    );
  });

  it('puts a SORT stage over a scan that cannot give the order, with its limit', async () => {
    const explain = await c.find({ name: /^cy/ }).sort({ seq: -1 }).limit(4).explain('executionStats');
    const [sort] = stages(winningPlan(explain), 'SORT');
    expect(sort).toMatchObject({ sortPattern: { seq: -1 }, limitAmount: 4 });
    expect(stages(winningPlan(explain), 'IXSCAN')[0].indexName).toBe('name_1');
    expect(executionStats(explain)).toMatchObject({ nReturned: 4, totalDocsExamined: N / 4 });
  });

  it('explains count and a hinted collection scan', async () => {
    const count = await db.command({
      explain: { count: 'people', query: { campaign: 'c4' } },
      verbosity: 'executionStats',
    });
    expect(winningPlan(count).stage).toBe('COUNT');
    expect(stages(winningPlan(count), 'IXSCAN')[0].indexBounds.campaign).toEqual(['["c4", "c4"]']);
    expect(count.executionStats.totalDocsExamined).toBe(N / 10);

    const natural = await c.find({ campaign: 'c4' }).hint({ $natural: 1 }).explain('executionStats');
    expect(winningPlan(natural)).toMatchObject({ stage: 'COLLSCAN', direction: 'forward' });
    expect(executionStats(natural)).toMatchObject({ nReturned: N / 10, totalKeysExamined: 0, totalDocsExamined: N });
  });

  it('plans an aggregate $match, $sort and $match + $sort at the head of the pipeline as find does', async () => {
    const matchOnly = await c
      .aggregate([{ $match: { name: /^ann9/ } }, { $project: { name: 1 } }])
      .explain('executionStats');
    expect(stages(winningPlan(matchOnly), 'IXSCAN')[0].indexName).toBe('name_1');

    const sortOnly = await c.aggregate([{ $sort: { name: 1 } }, { $limit: 3 }]).explain('queryPlanner');
    expect(stages(winningPlan(sortOnly), 'IXSCAN')[0].indexBounds).toEqual({ name: ['[MinKey, MaxKey]'] });

    const both = await c
      .aggregate([{ $match: { campaign: { $in: ['c1', 'c5'] } } }, { $sort: { score: 1 } }])
      .explain('executionStats');
    expect(stages(winningPlan(both), 'SORT_MERGE')).toHaveLength(1);
    expect(stages(winningPlan(both), 'IXSCAN').every((s) => s.direction === 'backward')).toBe(true);
    expect(executionStats(both).totalDocsExamined).toBe(N / 5);
    const docs = await c
      .aggregate([{ $match: { campaign: { $in: ['c1', 'c5'] } } }, { $sort: { score: 1 } }, { $limit: 4 }])
      .toArray();
    expect(docs.map((d) => d.score)).toEqual([1, 5, 11, 15]);
  });

  it('answers aggregate with explain: true as the explain command at queryPlanner verbosity, and explains a pipeline with no collection read', async () => {
    const direct = await db.command({
      aggregate: 'people',
      pipeline: [{ $match: { campaign: 'c3' } }, { $group: { _id: null, n: { $sum: 1 } } }],
      explain: true,
    });
    const plan = winningPlan(direct);
    expect(plan.stage).toBe('FETCH');
    expect(stages(plan, 'IXSCAN')[0]).toMatchObject({
      indexName: 'campaign_1_score_-1',
      indexBounds: { campaign: ['["c3", "c3"]'], score: ['[MaxKey, MinKey]'] },
    });
    expect(direct.stages.slice(1)).toEqual([{ $group: { _id: null, n: { $sum: 1 } } }]);
    expect(direct.stages[0].$cursor.executionStats).toBeUndefined();
    // The plan is only under stages[0].$cursor; a pipeline the query layer answers whole has no stages.
    expect(Object.keys(direct).filter((k) => k !== 'serverParameters')).toEqual([
      'explainVersion',
      'stages',
      'command',
      'serverInfo',
      'ok',
    ]);
    expect(Object.keys(direct.stages[0].$cursor)).toEqual(['queryPlanner']);
    const counted = await c.aggregate([{ $match: { campaign: 'c3' } }, { $count: 'n' }]).explain('executionStats');
    expect(counted.queryPlanner).toBeUndefined();
    expect(counted.executionStats).toBeUndefined();
    expect(counted.stages[0].$cursor.executionStats.totalDocsExamined).toBe(N / 10);
    const whole = await c.aggregate([{ $match: { campaign: 'c3' } }]).explain('queryPlanner');
    expect(whole.stages).toBeUndefined();
    expect(stages(whole.queryPlanner.winningPlan, 'IXSCAN')[0].indexName).toBe('campaign_1_score_-1');

    // With execution, every stage says how many documents it passed on (the $cursor: what the query layer returned).
    const staged = await c
      .aggregate([
        { $match: { campaign: 'c3' } },
        { $project: { score: 1 } },
        { $match: { score: { $gte: 500 } } },
        { $group: { _id: null, n: { $sum: 1 } } },
      ])
      .explain('executionStats');
    expect(staged.stages.map((s: Document) => Object.keys(s)[0])).toEqual(['$cursor', '$project', '$match', '$group']);
    expect(staged.stages.map((s: Document) => s.nReturned)).toEqual([N / 10, N / 10, N / 20, 1]);
    expect(staged.stages.every((s: Document) => typeof s.executionTimeMillisEstimate === 'number')).toBe(true);
    expect(staged.stages[0].$cursor.executionStats.nReturned).toBe(N / 10);
    expect(direct.stages[1].nReturned).toBeUndefined();

    const grouped = await c.aggregate([{ $group: { _id: '$campaign' } }]).explain('executionStats');
    expect(winningPlan(grouped)).toMatchObject({ stage: 'COLLSCAN', direction: 'forward' });
    expect(executionStats(grouped).totalDocsExamined).toBe(N);

    const documents = await db.aggregate([{ $documents: [{ a: 1 }] }, { $project: { a: 1 } }]).explain('queryPlanner');
    expect(documents.stages).toEqual([{ $documents: [{ a: 1 }] }, { $project: { a: 1 } }]);
  });

  it('explains distinct, update, delete and findAndModify with the plan they would use, changing nothing', async () => {
    const distinct = await db.command({
      explain: { distinct: 'people', key: 'score', query: { campaign: 'c2' } },
      verbosity: 'executionStats',
    });
    expect(stages(winningPlan(distinct), 'IXSCAN')[0].indexName).toBe('campaign_1_score_-1');
    expect(executionStats(distinct).totalDocsExamined).toBe(N / 10);

    const updateMany = await db.command({
      explain: { update: 'people', updates: [{ q: { campaign: 'c2' }, u: { $set: { seen: true } }, multi: true }] },
      verbosity: 'executionStats',
    });
    expect(winningPlan(updateMany).stage).toBe('UPDATE');
    expect(stages(winningPlan(updateMany), 'IXSCAN')[0].indexName).toBe('campaign_1_score_-1');
    expect(executionStats(updateMany).executionStages).toMatchObject({
      stage: 'UPDATE',
      nMatched: N / 10,
      nWouldModify: N / 10,
      nWouldUpsert: 0,
      nReturned: 0,
    });
    expect(executionStats(updateMany).nReturned).toBe(0);
    expect(await c.countDocuments({ seen: true })).toBe(0);

    // The driver's own explain option on a write.
    const noChange = (await c.updateOne({ seq: 7 }, { $set: { seq: 7 } }, {
      explain: 'executionStats',
    } as never)) as unknown as Document;
    expect(executionStats(noChange).executionStages).toMatchObject({ stage: 'UPDATE', nMatched: 1, nWouldModify: 0 });
    expect(winningPlan(noChange)).toMatchObject({
      stage: 'UPDATE',
      inputStage: { stage: 'COLLSCAN', filter: { seq: 7 } },
    });

    const upsert = await db.command({
      explain: { update: 'people', updates: [{ q: { name: 'nobody' }, u: { $set: { a: 1 } }, upsert: true }] },
      verbosity: 'executionStats',
    });
    expect(executionStats(upsert).executionStages).toMatchObject({ nMatched: 0, nWouldModify: 0, nWouldUpsert: 1 });
    expect(await c.countDocuments({ name: 'nobody' })).toBe(0);

    const del = await db.command({
      explain: { delete: 'people', deletes: [{ q: { name: /^bob1/ }, limit: 0 }] },
      verbosity: 'executionStats',
    });
    expect(winningPlan(del).stage).toBe('DELETE');
    expect(stages(winningPlan(del), 'IXSCAN')[0].indexName).toBe('name_1');
    const bobs = await c.countDocuments({ name: /^bob1/ });
    expect(executionStats(del).executionStages.nWouldDelete).toBe(bobs);

    const fam = await db.command({
      explain: { findAndModify: 'people', query: { campaign: 'c1' }, sort: { seq: 1 }, remove: true },
      verbosity: 'executionStats',
    });
    const famPlan = winningPlan(fam);
    expect(famPlan.stage).toBe('DELETE');
    expect(famPlan.inputStage).toMatchObject({ stage: 'SORT', sortPattern: { seq: 1 }, limitAmount: 1 });
    expect(executionStats(fam).executionStages.nWouldDelete).toBe(1);
    expect(await c.countDocuments()).toBe(N);

    const two = await db
      .command({
        explain: {
          delete: 'people',
          deletes: [
            { q: {}, limit: 1 },
            { q: {}, limit: 1 },
          ],
        },
      })
      .catch((e: unknown) => e);
    expect(two).toMatchObject({ code: 16, codeName: 'InvalidLength' });
  });
});

// ---- the same answers with and without the index, on random data ----

const WORDS = ['a', 'ab', 'abc', 'b', 'ba', 'A', 'é', 'a.b', 'a*', ''];

const word = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const scalar = fc.oneof(
  word,
  fc.integer({ min: -3, max: 3 }),
  fc.constant(null),
  fc.date({ min: new Date(0), max: new Date(1e10), noInvalidDate: true }),
);
const MISSING = Symbol('missing');

const docArb = fc.record({
  s: fc.oneof(
    { weight: 6, arbitrary: word },
    { weight: 1, arbitrary: scalar },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  ),
  c: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('x', 'y', 'z', 'w') },
    { weight: 1, arbitrary: scalar },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  ),
  o: fc.oneof(fc.constant(MISSING), fc.constant(MISSING), scalar),
  p: fc.oneof(fc.constant(MISSING), fc.constant(MISSING), scalar),
  m: fc.oneof(word, fc.array(word, { maxLength: 3 }), fc.constant(MISSING)),
});

function toDoc(raw: Record<string, unknown>, n: number): Document {
  const doc: Document = { n };
  for (const [k, v] of Object.entries(raw)) if (v !== MISSING) doc[k] = v;
  return doc;
}

const prefixArb = fc
  .array(fc.constantFrom('a', 'b', 'A', 'é', '\\.', 'ab', 'c'), { minLength: 1, maxLength: 3 })
  .map((p) => p.join(''));
const sortDir = fc.constantFrom(1, -1);

interface QueryCase {
  filter: Document;
  sort?: Document;
  limit?: number;
}

const queryArb: fc.Arbitrary<QueryCase> = fc.oneof(
  fc.record({ filter: prefixArb.map((p) => ({ s: new RegExp(`^${p}`) })) }),
  fc.record({
    filter: prefixArb.map((p) => ({ s: { $regex: `^${p}`, $options: '' } })),
    sort: sortDir.map((d) => ({ s: d, n: d })),
  }),
  fc.record({ filter: prefixArb.map((p) => ({ m: new RegExp(`^${p}`) })) }),
  fc.record({
    filter: fc
      .array(fc.oneof(fc.constantFrom('x', 'y', 'z', 'w'), scalar), { minLength: 1, maxLength: 4 })
      .map((v) => ({ c: { $in: v } })),
    sort: sortDir.map((d) => ({ n: d })),
    limit: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  }),
  fc.record({
    filter: scalar.map((v) => ({ c: { $ne: v } })),
    sort: fc.option(
      sortDir.map((d) => ({ c: d, n: d })),
      { nil: undefined },
    ),
  }),
  fc.record({
    filter: fc.tuple(scalar, fc.integer({ min: 0, max: 200 })).map(([v, n]) => ({ c: { $ne: v }, n: { $gt: n } })),
  }),
  fc.record({
    filter: fc.oneof(word, scalar).map((v) => ({ m: { $ne: v } })),
    sort: fc.option(
      sortDir.map((d) => ({ n: d })),
      { nil: undefined },
    ),
  }),
  fc.record({
    filter: fc.constantFrom(
      { o: { $exists: true } },
      { p: { $exists: true } },
      { o: { $exists: false } },
      { p: { $exists: true }, c: 'x' },
    ),
  }),
  fc.record({
    filter: fc.constantFrom('x', 'y').map((v) => ({ c: v })),
    sort: sortDir.map((d) => ({ n: d })),
    limit: fc.integer({ min: 1, max: 10 }),
  }),
  // Bounds that express all but one field's predicate (a null point, a $ne beside a range): only that field is re-matched.
  fc.record({
    filter: fc
      .tuple(
        fc.array(fc.oneof(fc.constantFrom('x', null), scalar), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 60 }),
      )
      .map(([v, n]) => ({ c: { $in: v }, n: { $lt: n } })),
  }),
  fc.record({
    filter: fc
      .tuple(fc.constantFrom('x', null), fc.integer({ min: 0, max: 60 }))
      .map(([v, n]) => ({ c: v, n: { $gte: n, $ne: n + 2 } })),
    sort: fc.option(
      sortDir.map((d) => ({ n: d })),
      { nil: undefined },
    ),
  }),
  fc.record({
    filter: fc
      .tuple(
        fc.constantFrom('x', null),
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 60 }),
      )
      .map(([v, ns, n]) => ({ c: v, n: { $in: ns, $lt: n } })),
  }),
  fc.record({ filter: fc.constantFrom({ o: null }, { p: null, c: 'x' }, { c: null }, { s: null }, { m: null }) }),
);

async function bothWays(c: Collection, q: QueryCase): Promise<[Document[], Document[]]> {
  const run = (hint?: Document) => {
    let cursor = c.find(q.filter, hint ? { hint } : {});
    if (q.sort) cursor = cursor.sort(q.sort);
    if (q.limit) cursor = cursor.limit(q.limit);
    return cursor.toArray();
  };
  const [planned, scanned] = await Promise.all([run(), run({ $natural: 1 })]);
  // Without a sort the order is the plan's own: compare those as sets (by n, unique).
  if (!q.sort) return [planned.sort((a, b) => a.n - b.n), scanned.sort((a, b) => a.n - b.n)];
  return [planned, scanned];
}

describe('index plans answer exactly what a collection scan answers (property)', () => {
  it('find, with the planner index vs hint {$natural: 1}', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(docArb, { minLength: 0, maxLength: 60 }),
        fc.array(queryArb, { minLength: 1, maxLength: 6 }),
        async (raws, queries) => {
          const c = db.collection(`prop_${run++}`);
          if (raws.length) await c.insertMany(raws.map((r, i) => toDoc(r, i)));
          await Promise.all([
            c.createIndex({ s: 1 }),
            c.createIndex({ c: 1, n: -1 }),
            c.createIndex({ m: -1 }),
            c.createIndex({ o: 1 }, { sparse: true }),
            c.createIndex({ p: 1 }, { partialFilterExpression: { p: { $exists: true } } }),
          ]);
          for (const q of queries) {
            const [planned, scanned] = await bothWays(c, q);
            expect(planned, JSON.stringify(q)).toEqual(scanned);
          }
          await c.drop();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('aggregate $match / $sort / $limit at the head, with the planner index vs hint {$natural: 1}', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(docArb, { minLength: 1, maxLength: 60 }),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        async (raws, queries) => {
          const c = db.collection(`agg_${run++}`);
          await c.insertMany(raws.map((r, i) => toDoc(r, i)));
          await Promise.all([
            c.createIndex({ s: 1 }),
            c.createIndex({ c: 1, n: -1 }),
            c.createIndex({ o: 1 }, { sparse: true }),
          ]);
          for (const q of queries) {
            const pipeline: Document[] = [{ $match: q.filter }, { $sort: q.sort ?? { n: 1 } }];
            if (q.limit) pipeline.push({ $limit: q.limit });
            const [planned, scanned] = await Promise.all([
              c.aggregate(pipeline).toArray(),
              c.aggregate(pipeline, { hint: { $natural: 1 } }).toArray(),
            ]);
            expect(planned, JSON.stringify(pipeline)).toEqual(scanned);
          }
          await c.drop();
        },
      ),
      { numRuns: 25 },
    );
  });
});
