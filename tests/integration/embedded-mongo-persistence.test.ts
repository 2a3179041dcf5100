// Persistence of the embedded server: restart from journal and snapshot, catalogue and index
// definitions, compaction, stale journals after a crash mid-compaction, and the dbPath lock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import { BSON, ObjectId } from 'bson';
import { startEmbeddedMongo, type EmbeddedMongoOptions } from '../../server/embedded/mongo/index.js';
import { frame } from '../../server/embedded/mongo/storage/journal.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function until(done: () => boolean, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; !done();) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-persist-'));
  dirs.push(dir);
  return dir;
}

async function session<T>(opts: EmbeddedMongoOptions, fn: (db: Db, client: MongoClient) => Promise<T>): Promise<T> {
  const server = await startEmbeddedMongo(opts);
  const client = new MongoClient(server.uri);
  try {
    return await fn(client.db('app'), client);
  } finally {
    await client.close();
    await server.stop();
  }
}

describe('persistence', () => {
  it('restores documents, collections, options and indexes after a restart', async () => {
    const dbPath = tempDir();
    await session({ dbPath }, async (db, client) => {
      await db.createCollection('empty');
      const users = db.collection('users');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600, name: 'ttl' });
      await users.insertMany([
        { email: 'a', n: 1 },
        { email: 'b', n: 2 },
        { email: 'c', n: 3 },
      ]);
      await users.updateOne({ email: 'a' }, { $set: { n: 10 } });
      await users.deleteOne({ email: 'b' });
      await db.collection('old').insertOne({ x: 1 });
      await db.renameCollection('old', 'new');
      await client.db('other').collection('t').insertOne({ y: 1 });
      await client.db('gone').collection('t').insertOne({ z: 1 });
      await client.db('gone').dropDatabase();
    });
    await session({ dbPath }, async (db, client) => {
      const users = db.collection('users');
      expect(
        await users
          .find({}, { projection: { _id: 0 } })
          .sort({ email: 1 })
          .toArray(),
      ).toEqual([
        { email: 'a', n: 10 },
        { email: 'c', n: 3 },
      ]);
      const indexes = await users.listIndexes().toArray();
      expect(indexes.map((i) => i.name)).toEqual(['_id_', 'email_1', 'ttl']);
      expect(indexes[2]).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 3600 });
      await expect(users.insertOne({ email: 'c' })).rejects.toMatchObject({ code: 11000 });
      const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
      expect(names).toEqual(['empty', 'new', 'users']);
      const dbs = (await client.db('admin').admin().listDatabases()).databases.map((d) => d.name);
      expect(dbs).toContain('other');
      expect(dbs).not.toContain('gone');
    });
  });

  it('compacts into a snapshot and restarts from snapshot plus journal', async () => {
    const dbPath = tempDir();
    const logs: string[] = [];
    const opts = { dbPath, storage: { compactBytes: 64 * 1024 }, log: (m: string) => logs.push(m) };
    await session(opts, async (db) => {
      const c = db.collection('items');
      await c.createIndex({ k: 1 });
      for (let round = 0; round < 5; round++) {
        await c.insertMany(Array.from({ length: 200 }, (_, i) => ({ k: round * 200 + i, pad: 'p'.repeat(100) })));
        await c.updateMany({ k: { $lt: round * 200 } }, { $inc: { touched: 1 } });
        await c.deleteMany({ k: { $mod: [7, round] } } as never);
      }
    });
    expect(logs.some((l) => l.startsWith('compacted'))).toBe(true);
    expect(fs.existsSync(path.join(dbPath, 'snapshot.bson'))).toBe(true);
    expect(fs.existsSync(path.join(dbPath, 'snapshot.tmp'))).toBe(false);
    const expected = await session({ dbPath }, async (db) => db.collection('items').find({}).sort({ k: 1 }).toArray());
    expect(expected.length).toBeGreaterThan(500);
    await session({ dbPath }, async (db) => {
      const c = db.collection('items');
      expect(await c.find({}).sort({ k: 1 }).toArray()).toEqual(expected);
      const explain = await c.find({ k: 999 }).explain('executionStats');
      expect(explain.executionStats.totalDocsExamined).toBeLessThanOrEqual(1);
    });
  });

  it('ignores a journal the snapshot already contains (crash between snapshot and journal reset)', async () => {
    const dbPath = tempDir();
    const journal = path.join(dbPath, 'journal.bson');
    await session({ dbPath }, async (db) => {
      await db.collection('c').insertMany([{ i: 1 }, { i: 2 }]);
    });
    const oldJournal = fs.readFileSync(journal);
    await session({ dbPath, storage: { compactBytes: 1 } }, async (db) => {
      await db.collection('c').deleteOne({ i: 1 });
      await new Promise((r) => setTimeout(r, 50));
    });
    // Put back the pre-compaction journal, as if the process died right after the snapshot rename.
    fs.writeFileSync(journal, oldJournal);
    const logs: string[] = [];
    await session({ dbPath, log: (m) => logs.push(m) }, async (db) => {
      expect(
        await db
          .collection('c')
          .find({}, { projection: { _id: 0 } })
          .toArray(),
      ).toEqual([{ i: 2 }]);
    });
    expect(logs.join('\n')).toMatch(/older than the snapshot/);
  });

  it('keeps serving during a compaction, and every write made meanwhile survives a restart', async () => {
    const dbPath = tempDir();
    const logs: string[] = [];
    const log = (m: string) => logs.push(m);
    // ~24 MB of documents: the snapshot takes many slices, so writes land between them.
    const blob = 'b'.repeat(8 * 1024);
    const expected = await session({ dbPath, storage: { compactBytes: 16 * 1024 * 1024 }, log }, async (db) => {
      const c = db.collection('items');
      await c.createIndex({ k: 1 }, { unique: true });
      for (let round = 0; round < 30; round++)
        await c.insertMany(Array.from({ length: 100 }, (_, i) => ({ k: round * 100 + i, blob })));
      await until(() => logs.some((l) => l.startsWith('compacting')));
      // While it runs: updates, removals, inserts and a rename, each acknowledged before the snapshot is done.
      let during = 0;
      for (let i = 0; !logs.some((l) => l.startsWith('compacted')); i++) {
        await c.updateOne({ k: i }, { $set: { touched: i } });
        await c.deleteOne({ k: 2_999 - i });
        await c.insertOne({ k: 10_000 + i, late: true });
        if (i === 3)
          await db
            .collection('items')
            .rename('renamed')
            .then((r) => r.rename('items'));
        during++;
      }
      expect(during).toBeGreaterThan(0);
      return c
        .find({}, { projection: { blob: 0 } })
        .sort({ k: 1 })
        .toArray();
    });
    await session({ dbPath, log }, async (db) => {
      const c = db.collection('items');
      expect(
        await c
          .find({}, { projection: { blob: 0 } })
          .sort({ k: 1 })
          .toArray(),
      ).toEqual(expected);
      await expect(c.insertOne({ k: 0 })).rejects.toMatchObject({ code: 11000 });
    });
  });

  it("reads an older journal from the snapshot's marker on (a crash between the snapshot and the journal swap)", async () => {
    const dbPath = tempDir();
    await session({ dbPath, storage: { compactBytes: 1 } }, async (db) => {
      await db.collection('c').insertOne({ _id: 'kept', i: 1 } as never);
      await until(() => fs.existsSync(path.join(dbPath, 'snapshot.bson')));
    });
    const snapshotGen = 1;
    const record = (doc: Record<string, unknown>) => frame({ o: 'i', d: 'app', c: 'c', doc });
    // Before the marker: folded into the snapshot already (or, as here, never to be applied over it).
    fs.writeFileSync(
      path.join(dbPath, 'journal.bson'),
      Buffer.concat([
        frame({ o: 'hdr', gen: snapshotGen - 1, v: 1 }),
        record({ _id: 'before-marker', i: 2 }),
        frame({ o: 'hdr', gen: snapshotGen, v: 1 }),
        record({ _id: 'after-marker', i: 3 }),
      ]),
    );
    await session({ dbPath }, async (db) => {
      const ids = (await db.collection('c').find({}).sort({ i: 1 }).toArray()).map((d) => d._id);
      expect(ids).toEqual(['kept', 'after-marker']);
    });
  });

  it('replays past the marker of a compaction that never finished, and the next one takes a new generation', async () => {
    const dbPath = tempDir();
    const id = new ObjectId();
    fs.mkdirSync(dbPath, { recursive: true });
    fs.writeFileSync(
      path.join(dbPath, 'journal.bson'),
      Buffer.concat([
        frame({ o: 'hdr', gen: 0, v: 1 }),
        frame({ o: 'i', d: 'app', c: 'c', doc: { _id: 'a' } }),
        frame({ o: 'hdr', gen: 1, v: 1 }),
        frame({ o: 'i', d: 'app', c: 'c', doc: { _id: id } }),
      ]),
    );
    await session({ dbPath, storage: { compactBytes: 1 } }, async (db) => {
      expect(await db.collection('c').countDocuments()).toBe(2);
      await db.collection('c').insertOne({ _id: 'b' } as never);
      await until(() => fs.existsSync(path.join(dbPath, 'snapshot.bson')));
    });
    // The snapshot's first record is its header: [u32 length][u32 crc][BSON].
    const snapshot = fs.readFileSync(path.join(dbPath, 'snapshot.bson'));
    const gen = Number(BSON.deserialize(snapshot.subarray(8, 8 + snapshot.readUInt32LE(0))).gen);
    expect(gen).toBeGreaterThan(1);
    await session({ dbPath }, async (db) => {
      expect((await db.collection('c').find({}).toArray()).map((d) => String(d._id)).sort()).toEqual(
        ['a', 'b', id.toHexString()].sort(),
      );
    });
  });

  it('refuses to start from a damaged snapshot rather than lose data silently', async () => {
    const dbPath = tempDir();
    await session({ dbPath, storage: { compactBytes: 1 } }, async (db) => {
      await db.collection('c').insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
      await new Promise((r) => setTimeout(r, 50));
    });
    const snapshot = path.join(dbPath, 'snapshot.bson');
    const bytes = fs.readFileSync(snapshot);
    fs.writeFileSync(snapshot, bytes.subarray(0, bytes.length - 10));
    await expect(startEmbeddedMongo({ dbPath })).rejects.toThrow(/snapshot .* is damaged/);
    expect(fs.existsSync(path.join(dbPath, 'mongod.lock'))).toBe(false);
  });

  it('locks the dbPath against a second server', async () => {
    const dbPath = tempDir();
    const first = await startEmbeddedMongo({ dbPath });
    try {
      await expect(startEmbeddedMongo({ dbPath })).rejects.toThrow(/in use/);
    } finally {
      await first.stop();
    }
    expect(fs.existsSync(path.join(dbPath, 'mongod.lock'))).toBe(false);
    // A lock left by a dead process is taken over.
    fs.writeFileSync(path.join(dbPath, 'mongod.lock'), '999999999\n');
    const again = await startEmbeddedMongo({ dbPath });
    await again.stop();
  });

  it('keeps in-memory servers independent and leaves no files', async () => {
    const a = await startEmbeddedMongo({});
    const b = await startEmbeddedMongo({ dbPath: null });
    const ca = new MongoClient(a.uri);
    const cb = new MongoClient(b.uri);
    try {
      await ca.db('m').collection('c').insertOne({ from: 'a' });
      expect(await cb.db('m').collection('c').countDocuments()).toBe(0);
      expect(a.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/\?directConnection=true$/);
    } finally {
      await ca.close();
      await cb.close();
      await a.stop();
      await b.stop();
    }
  });
});
