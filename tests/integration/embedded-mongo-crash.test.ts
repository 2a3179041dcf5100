// Crash safety of the embedded server's journal: acknowledged writes survive SIGKILL, and a torn
// or corrupt tail is detected and dropped without harming the records before it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../../server/embedded/mongo/index.js';

const CHILD = path.resolve(__dirname, '../support/embedded-mongo-crash-child.ts');
const dirs: string[] = [];
const servers: EmbeddedMongo[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-crash-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function withServer<T>(dbPath: string, fn: (client: MongoClient) => Promise<T>, logs: string[] = []): Promise<T> {
  const server = await startEmbeddedMongo({ dbPath, log: (m) => logs.push(m) });
  servers.push(server);
  const client = new MongoClient(server.uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
  }
}

// The child would go on to this many documents: the kill always lands mid-stream.
const CHILD_TARGET = 15_000;
const WRITERS = 8;

/** Runs the child until `killAfter` acknowledgements, SIGKILLs it, returns what it acknowledged. */
function runAndKill(
  dbPath: string,
  killAfter: number,
  compactBytes?: number,
): Promise<{ acked: Set<number>; updated: Set<number>; killed: boolean; finished: boolean }> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', CHILD, dbPath, String(CHILD_TARGET), String(WRITERS)];
    if (compactBytes) args.push(String(compactBytes));
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked = new Set<number>();
    const updated = new Set<number>();
    let stderr = '';
    let killed = false;
    let finished = false;
    child.stderr.on('data', (d) => (stderr += d));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'done') finished = true;
      const m = /^ack (\d+)( u)?$/.exec(line);
      if (!m) return;
      acked.add(Number(m[1]));
      if (m[2]) updated.add(Number(m[1]));
      if (!killed && acked.size >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve({ acked, updated, killed, finished });
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

describe('crash safety', () => {
  it('keeps every one of 10,000 acknowledged writes after SIGKILL mid-stream', async () => {
    const dbPath = tempDir();
    const { acked, updated, killed, finished } = await runAndKill(dbPath, 10_000);
    expect(killed).toBe(true);
    expect(finished).toBe(false);
    expect(acked.size).toBeGreaterThanOrEqual(10_000);
    expect(acked.size).toBeLessThan(CHILD_TARGET);
    expect(fs.existsSync(path.join(dbPath, 'mongod.lock'))).toBe(true);

    const logs: string[] = [];
    await withServer(
      dbPath,
      async (client) => {
        const c = client.db('crash').collection('docs');
        const docs = await c.find({}, { projection: { _id: 0, i: 1, payload: 1, updated: 1, version: 1 } }).toArray();
        const present = new Map(docs.map((d) => [d.i as number, d]));
        for (const i of acked) {
          const doc = present.get(i);
          expect(doc, `acknowledged document ${i}`).toBeDefined();
          expect(doc!.payload).toBe('x'.repeat(i % 200));
          if (updated.has(i)) expect(doc).toMatchObject({ updated: true, version: 1 });
        }
        // Nothing invented: every stored document is one the child wrote, once; beyond the
        // acknowledged ones, at most the write each writer had in flight.
        expect(present.size).toBe(docs.length);
        for (const d of docs) expect(d.i).toBeLessThan(CHILD_TARGET);
        const unacknowledged = docs.filter((d) => !acked.has(d.i as number));
        expect(unacknowledged.length).toBeLessThanOrEqual(WRITERS);
        expect(await c.countDocuments({ i: { $gte: 0 } })).toBe(docs.length);
        const idx = (await c.listIndexes().toArray()).map((i) => i.name);
        expect(idx).toContain('i_1');
        await expect(c.insertOne({ i: [...acked][0] })).rejects.toMatchObject({ code: 11000 });
        await c.insertOne({ i: 'after-restart' });
      },
      logs,
    );
    await withServer(dbPath, async (client) => {
      expect(await client.db('crash').collection('docs').countDocuments({ i: 'after-restart' })).toBe(1);
    });
  }, 120_000);

  it('survives being killed while compactions run', async () => {
    const dbPath = tempDir();
    const { acked } = await runAndKill(dbPath, 3000, 256 * 1024);
    expect(fs.existsSync(path.join(dbPath, 'snapshot.bson'))).toBe(true);
    await withServer(dbPath, async (client) => {
      const c = client.db('crash').collection('docs');
      const present = new Set((await c.find({}, { projection: { i: 1 } }).toArray()).map((d) => d.i));
      for (const i of acked) expect(present.has(i), `acknowledged document ${i}`).toBe(true);
    });
  }, 120_000);
});

describe('torn journal tails', () => {
  async function seed(dbPath: string, n: number) {
    await withServer(dbPath, async (client) => {
      await client
        .db('t')
        .collection('c')
        .insertMany(Array.from({ length: n }, (_, i) => ({ i })));
    });
  }

  it('drops appended garbage and keeps the records before it', async () => {
    const dbPath = tempDir();
    await seed(dbPath, 50);
    const journal = path.join(dbPath, 'journal.bson');
    const size = fs.statSync(journal).size;
    fs.appendFileSync(journal, Buffer.from('this is not a record, just garbage bytes'));
    const logs: string[] = [];
    await withServer(
      dbPath,
      async (client) => {
        expect(await client.db('t').collection('c').countDocuments()).toBe(50);
        await client.db('t').collection('c').insertOne({ i: 50 });
      },
      logs,
    );
    expect(logs.join('\n')).toMatch(/torn tail/);
    expect(fs.statSync(journal).size).toBeGreaterThan(size);
    await withServer(dbPath, async (client) => {
      expect(await client.db('t').collection('c').countDocuments()).toBe(51);
    });
  });

  it('drops half a record', async () => {
    const dbPath = tempDir();
    await seed(dbPath, 10);
    const journal = path.join(dbPath, 'journal.bson');
    const before = fs.readFileSync(journal);
    await withServer(dbPath, async (client) => {
      await client
        .db('t')
        .collection('c')
        .insertOne({ i: 'last', big: 'y'.repeat(5000) });
    });
    const after = fs.readFileSync(journal);
    const lastRecord = after.subarray(before.length);
    expect(lastRecord.length).toBeGreaterThan(5000);
    fs.writeFileSync(journal, Buffer.concat([before, lastRecord.subarray(0, Math.floor(lastRecord.length / 2))]));
    const logs: string[] = [];
    await withServer(
      dbPath,
      async (client) => {
        const c = client.db('t').collection('c');
        expect(await c.countDocuments()).toBe(10);
        expect(await c.countDocuments({ i: 'last' })).toBe(0);
      },
      logs,
    );
    expect(logs.join('\n')).toMatch(/torn tail/);
  });

  it('detects a corrupted byte through the checksum', async () => {
    const dbPath = tempDir();
    await seed(dbPath, 5);
    const journal = path.join(dbPath, 'journal.bson');
    await withServer(dbPath, async (client) => {
      await client.db('t').collection('c').insertOne({ i: 'flipped' });
    });
    const bytes = fs.readFileSync(journal);
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(journal, bytes);
    const logs: string[] = [];
    await withServer(
      dbPath,
      async (client) => {
        expect(await client.db('t').collection('c').countDocuments()).toBe(5);
      },
      logs,
    );
    expect(logs.join('\n')).toMatch(/checksum/);
  });
});
