// Conformance: collection validators ($jsonSchema and query operators) set by create and collMod,
// validationLevel / validationAction, bypassDocumentValidation, and the 121 error with errInfo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoBulkWriteError, MongoServerError, type Db } from 'mongodb';
import { openTestDb, type TestDb } from '../support/embedded-mongo-client.js';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await openTestDb('conf_valid');
  db = t.db;
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

const schema = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name', 'cents'],
    properties: { name: { bsonType: 'string', minLength: 1 }, cents: { bsonType: 'int', minimum: 0 } },
  },
};

describe('validators', () => {
  it('$jsonSchema on create: valid documents go in, invalid ones answer 121 with errInfo', async () => {
    await db.createCollection('deals', { validator: schema });
    const deals = db.collection('deals');
    await deals.insertOne({ _id: 1, name: 'a', cents: 100 } as never);
    const err = await failure(deals.insertOne({ _id: 2, name: 'b' } as never));
    expect(err.code).toBe(121);
    expect(err.message).toBe('Document failed validation');
    expect(err.errInfo).toMatchObject({
      failingDocumentId: 2,
      details: {
        operatorName: '$jsonSchema',
        schemaRulesNotSatisfied: [
          { operatorName: 'required', specifiedAs: { required: ['name', 'cents'] }, missingProperties: ['cents'] },
        ],
      },
    });
    const typed = await failure(deals.updateOne({ _id: 1 } as never, { $set: { cents: -5 } }));
    expect(typed.code).toBe(121);
    expect(JSON.stringify(typed.errInfo)).toContain('"propertyName":"cents"');
    expect(await deals.find().toArray()).toEqual([{ _id: 1, name: 'a', cents: 100 }]);
  });

  it('query-operator validators, in an unordered batch', async () => {
    await db.createCollection('ages', { validator: { age: { $gte: 18 } } });
    const ages = db.collection('ages');
    const err = await failure(
      ages.insertMany(
        [
          { _id: 1, age: 20 },
          { _id: 2, age: 3 },
          { _id: 3, age: 30 },
        ] as never,
        { ordered: false },
      ),
    );
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    const writeErrors = [(err as MongoBulkWriteError).writeErrors].flat();
    expect(writeErrors.map((e) => [e.index, e.code])).toEqual([[1, 121]]);
    expect(writeErrors[0].errInfo).toMatchObject({ failingDocumentId: 2, details: { operatorName: '$gte' } });
    expect(await ages.countDocuments()).toBe(2);
  });

  it('bypassDocumentValidation, collMod levels and actions', async () => {
    await db.createCollection('levels', { validator: { ok: true } });
    const levels = db.collection('levels');
    await levels.insertOne({ _id: 1, ok: false } as never, { bypassDocumentValidation: true });
    // strict: an update of an invalid document must make it valid.
    expect((await failure(levels.updateOne({ _id: 1 } as never, { $set: { x: 1 } }))).code).toBe(121);
    await db.command({ collMod: 'levels', validationLevel: 'moderate' });
    await levels.updateOne({ _id: 1 } as never, { $set: { x: 1 } });
    expect((await failure(levels.insertOne({ _id: 2, ok: false } as never))).code).toBe(121);
    await db.command({ collMod: 'levels', validationAction: 'warn' });
    await levels.insertOne({ _id: 3, ok: false } as never);
    await db.command({
      collMod: 'levels',
      validator: { $jsonSchema: { required: ['ok'] } },
      validationAction: 'error',
      validationLevel: 'strict',
    });
    expect((await failure(levels.insertOne({ _id: 4 } as never))).code).toBe(121);
    const [info] = await db.listCollections({ name: 'levels' }).toArray();
    expect((info as unknown as { options: unknown }).options).toMatchObject({
      validator: { $jsonSchema: { required: ['ok'] } },
      validationLevel: 'strict',
      validationAction: 'error',
    });
    expect(await levels.countDocuments()).toBe(2);
  });

  it('$jsonSchema works as a query operator too, and unknown keywords are refused', async () => {
    const deals = db.collection('deals');
    expect(await deals.countDocuments({ $jsonSchema: { required: ['cents'] } })).toBe(1);
    expect(await deals.countDocuments({ $jsonSchema: { required: ['nope'] } })).toBe(0);
    expect((await failure(db.createCollection('badSchema', { validator: { $jsonSchema: { frob: 1 } } }))).code).toBe(9);
  });
});
