// Conformance: $listLocalSessions lists the sessions the server has seen, and forgets ended ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_sess');
  db = t.db;
});
afterAll(async () => t.close());

const listed = async () =>
  (
    await t.client
      .db('admin')
      .aggregate([{ $listLocalSessions: { allUsers: true } }])
      .toArray()
  ).map((s) => s._id.id.toString('hex'));

describe('$listLocalSessions', () => {
  it('lists a session used by a command, with its uid and last use', async () => {
    const session = t.client.startSession();
    try {
      await db.collection('c').insertOne({ a: 1 }, { session });
      const id = session.id!.id.toString('hex');
      expect(await listed()).toContain(id);
      const [doc] = await t.client
        .db('admin')
        .aggregate([{ $listLocalSessions: {} }, { $match: { '_id.id': session.id!.id } }])
        .toArray();
      expect(doc.lastUse).toBeInstanceOf(Date);
      expect(doc._id.uid.buffer.length).toBe(32);
    } finally {
      await session.endSession();
    }
  });

  it('must be the first stage of a database aggregate', async () => {
    const err = await db
      .collection('c')
      .aggregate([{ $listLocalSessions: {} }])
      .toArray()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(MongoServerError);
  });
});
