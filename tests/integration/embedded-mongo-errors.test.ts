// Conformance: error replies (codes and shapes) and resilience to malformed wire messages.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError, UUID, type Db } from 'mongodb';
import { inject } from 'vitest';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_err');
  db = t.db;
  await db.collection('c').insertMany([{ a: 1, s: 'str', arr: [1] }, { a: 2 }]);
});
afterAll(async () => t.close());

async function failure(p: Promise<unknown>): Promise<MongoServerError> {
  const err = await p.then(
    () => {
      throw new Error('expected a server error');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

describe('error replies', () => {
  it('answers an unknown command with CommandNotFound (59)', async () => {
    const err = await failure(db.command({ frobnicate: 1 }));
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    expect(err.message).toBe("no such command: 'frobnicate'");
  });

  it('answers operators mongod does not know as mongod does', async () => {
    const query = await failure(
      db
        .collection('c')
        .find({ a: { $frob: 1 } })
        .toArray(),
    );
    expect(query.code).toBe(2);
    expect(query.message).toContain('unknown operator: $frob');

    const top = await failure(db.collection('c').find({ $frob: [] }).toArray());
    expect(top.code).toBe(2);
    expect(top.message).toContain('unknown top level operator: $frob');
    const misplaced = await failure(
      db
        .collection('c')
        .find({ $gt: 1 } as never)
        .toArray(),
    );
    expect(misplaced.code).toBe(2);
    expect(misplaced.message).toContain('unknown top level operator: $gt');

    const stage = await failure(
      db
        .collection('c')
        .aggregate([{ $frob: {} }])
        .toArray(),
    );
    expect(stage.code).toBe(40324);
    expect(stage.message).toContain("Unrecognized pipeline stage name: '$frob'");

    const expression = await failure(
      db
        .collection('c')
        .aggregate([{ $project: { x: { $frob: '$a' } } }])
        .toArray(),
    );
    expect(expression.code).toBe(168);
    expect(expression.message).toContain("Unrecognized expression '$frob'");

    const sample = await failure(
      db
        .collection('c')
        .aggregate([{ $sample: {} }])
        .toArray(),
    );
    expect(sample.code).toBe(28745);

    const modifier = await failure(db.collection('c').updateOne({ a: 1 }, { $frob: { a: 1 } } as never));
    expect(modifier.code).toBe(9);
    expect(modifier.message).toContain('Unknown modifier: $frob');
  });

  it('answers features the embedded server lacks with NotImplemented (238)', async () => {
    const c = db.collection('c');
    if (t.kind === 'embedded') {
      const text = await failure(c.find({ $text: { $search: 'x' } }).toArray());
      expect(text.code).toBe(238);
      expect(text.codeName).toBe('NotImplemented');
      expect(text.message).toContain('$text');

      const stats = await failure(c.aggregate([{ $planCacheStats: {} }]).toArray());
      expect(stats.code).toBe(238);
      expect(stats.message).toContain('$planCacheStats');

      const near = await failure(c.aggregate([{ $geoNear: { near: [0, 0], distanceField: 'd' } }]).toArray());
      expect(near.code).toBe(238);
      expect(near.message).toContain('$geoNear');

      const geo = await failure(c.createIndex({ loc: '2dsphere' }));
      expect(geo.code).toBe(238);
      expect(geo.message).toContain('2dsphere');

      const collation = await failure(
        c.aggregate([{ $group: { _id: '$s' } }], { collation: { locale: 'fr' } }).toArray(),
      );
      expect(collation.code).toBe(238);
      expect(collation.message).toContain('$group');
    } else {
      // Real MongoDB implements these; the same calls must simply not be NotImplemented there.
      const err = await failure(c.find({ $text: { $search: 'x' } }).toArray());
      expect(err.code).not.toBe(238);
    }
  });

  it('rejects wrongly typed input with TypeMismatch / BadValue', async () => {
    const filter = await failure(db.command({ find: 'c', filter: 'not an object' }));
    expect(filter.code).toBe(14);

    const inc = await failure(db.collection('c').updateOne({ a: 1 }, { $inc: { s: 1 } }));
    expect(inc.code).toBe(14);
    expect(inc.message).toContain('Cannot apply $inc to a value of non-numeric type');

    const push = await failure(db.collection('c').updateOne({ a: 1 }, { $push: { s: 1 } } as never));
    expect(push.code).toBe(2);
    expect(push.message).toContain('must be an array');

    const conflict = await failure(db.collection('c').updateOne({ a: 1 }, { $set: { x: 1 }, $inc: { x: 1 } }));
    expect(conflict.code).toBe(40);

    const immutable = await failure(db.collection('c').updateOne({ a: 1 }, { $set: { _id: 5 } }));
    expect(immutable.code).toBe(66);

    const idArray = await failure(db.collection('c').insertOne({ _id: [1, 2] as never }));
    expect(idArray.code).toBe(53);

    const del = await failure(db.command({ delete: 'c', deletes: [{ q: {}, limit: 5 }] }));
    expect([9, 2]).toContain(del.code);
  });

  it('reports missing namespaces and cursors', async () => {
    const idx = await failure(db.collection('nope').dropIndex('x_1'));
    expect(idx.code).toBe(26);
    const list = await failure(db.command({ listIndexes: 'nope' }));
    expect(list.code).toBe(26);
    const rename = await failure(
      t.client.db('admin').command({ renameCollection: `${db.databaseName}.nope`, to: `${db.databaseName}.other` }),
    );
    expect(rename.code).toBe(26);
  });

  it('answers transactions like a standalone', async (ctx) => {
    // A replica set (docker-compose's MongoDB) runs transactions: the claim is about standalones.
    const hello = await db.command({ hello: 1 });
    if (hello.setName) ctx.skip();
    const raw = await failure(
      db.command({
        insert: 'c',
        documents: [{ tx: 1 }],
        txnNumber: 1,
        autocommit: false,
        startTransaction: true,
        lsid: { id: new UUID() },
      }),
    );
    expect(raw.code).toBe(20);
    expect(raw.codeName).toBe('IllegalOperation');
    const session = t.client.startSession();
    try {
      session.startTransaction();
      // The driver turns code 20 into its "does not support retryable writes" advice.
      const err = await failure(db.collection('c').insertOne({ tx: 1 }, { session }));
      expect(err.message).toMatch(/Transaction numbers|retryable writes/);
      expect(await db.collection('c').countDocuments({ tx: 1 })).toBe(0);
    } finally {
      await session.endSession().catch(() => {});
    }
  });
});

describe('malformed messages', () => {
  const url = new URL(inject('mongoUrl'));

  function rawExchange(bytes: Buffer): Promise<'closed' | 'reply'> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port || 27017), url.hostname);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('server neither replied nor closed the connection'));
      }, 10_000);
      socket.on('connect', () => socket.write(bytes));
      socket.on('data', () => {
        clearTimeout(timer);
        socket.destroy();
        resolve('reply');
      });
      socket.on('close', () => {
        clearTimeout(timer);
        resolve('closed');
      });
      socket.on('error', () => {});
    });
  }

  it('closes only the offending connection and keeps serving others', async () => {
    const tooShort = Buffer.alloc(16);
    tooShort.writeInt32LE(8, 0);
    expect(await rawExchange(tooShort)).toBe('closed');

    const garbageBody = Buffer.alloc(40, 0xab);
    garbageBody.writeInt32LE(40, 0);
    garbageBody.writeInt32LE(1, 4);
    garbageBody.writeInt32LE(0, 8);
    garbageBody.writeInt32LE(2013, 12);
    garbageBody.writeUInt32LE(0, 16);
    expect(['closed', 'reply']).toContain(await rawExchange(garbageBody));

    const huge = Buffer.alloc(16);
    huge.writeInt32LE(0x7fffffff, 0);
    expect(await rawExchange(huge)).toBe('closed');

    expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
    expect(await db.collection('c').countDocuments()).toBe(2);
  });
});
