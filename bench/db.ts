// `npm run bench:db`: throughput of the embedded MongoDB-compatible server through the official
// driver, persistence on (journal in a temp dir). The server runs in a child process (the CLI), so
// its CPU time can be read from /proc: besides the ops/s this client reaches, every figure shows the
// server's CPU time per operation and the rate one server core sustains at that cost.
// Set BENCH_MONGO_URL to run the same operations against another server (restart is then skipped).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, type Collection } from 'mongodb';
import { createInterface } from 'node:readline';
import { startEmbeddedMongo } from '../server/embedded/mongo/index.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = 16;

let serverPid: number | undefined;

/** CPU seconds (user + system) the server process has used, from /proc (Linux only). */
function serverCpu(): number | undefined {
  if (!serverPid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function measure(name: string, op: (i: number) => Promise<unknown>, concurrency = 1): Promise<void> {
  let i = 0;
  let done = 0;
  const end = Date.now() + DURATION_MS;
  const cpu0 = serverCpu();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await op(i++);
        done++;
      }
    }),
  );
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu1 = serverCpu();
  const opsPerSec = Math.round(done / secs);
  const label = concurrency > 1 ? `${name} (${concurrency} concurrent)` : name;
  let server = '';
  if (cpu0 !== undefined && cpu1 !== undefined && cpu1 > cpu0) {
    const usPerOp = ((cpu1 - cpu0) * 1e6) / done;
    server = `   server ${usPerOp.toFixed(0).padStart(5)} µs CPU/op -> ${String(Math.round(1e6 / usPerOp)).padStart(6)} ops/s per core`;
  }
  console.log(`${label.padEnd(50)} ${String(opsPerSec).padStart(7)} ops/s${server}`);
}

/** Starts the standalone server (the `db:embedded` CLI, through tsx) and waits for its ready line. */
async function startServerProcess(dbPath: string): Promise<{ url: string; child: ChildProcess }> {
  const cli = path.resolve(import.meta.dirname, '../server/embedded/mongo/cli.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--dbpath', dbPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const m = /^ready (mongodb:\/\/\S+)$/.exec(line);
      if (m) resolve(`${m[1]}/?directConnection=true`);
      else reject(new Error(`unexpected output: ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  serverPid = child.pid;
  return { url, child };
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-'));
}

async function main() {
  const external = process.env.BENCH_MONGO_URL;
  const dbPath = tempDir();
  const server = external ? undefined : await startServerProcess(dbPath);
  const url = external ?? server!.url;
  console.log(`server: ${external ? external : `embedded (own process), journal in ${dbPath}`}; ${DURATION_MS} ms per figure\n`);
  const client = new MongoClient(url, { maxPoolSize: CONCURRENCY });
  await client.connect();
  const db = client.db(`bench_${Date.now()}`);
  const users: Collection = db.collection('users');
  await users.createIndex({ email: 1 }, { unique: true });

  await measure('insertOne (acknowledged)', (i) => users.insertOne({ email: `u${i}@bench.test`, n: i, name: `User ${i}`, tags: ['a', 'b'], createdAt: new Date() }));
  const count = await users.countDocuments();
  await measure('insertOne (acknowledged)', (i) => users.insertOne({ email: `c${i}@bench.test`, n: i, name: `User ${i}`, createdAt: new Date() }), CONCURRENCY);
  await measure('findOne by indexed field', (i) => users.findOne({ email: `u${i % count}@bench.test` }));
  await measure('findOne by indexed field', (i) => users.findOne({ email: `u${i % count}@bench.test` }), CONCURRENCY);
  await measure('updateOne by indexed field ($inc)', (i) => users.updateOne({ email: `u${i % count}@bench.test` }, { $inc: { n: 1 }, $set: { seen: new Date() } }));

  const deals = db.collection('deals');
  await deals.insertMany(Array.from({ length: 1000 }, (_, i) => ({ agent: `a${i % 25}`, campaign: `c${i % 5}`, value: (i * 37) % 1000, closedAt: new Date(Date.UTC(2024, i % 12, 1)) })));
  await measure('aggregate over 1,000 documents ($group/$sort)', () =>
    deals.aggregate([{ $match: { value: { $gte: 0 } } }, { $group: { _id: '$agent', total: { $sum: '$value' }, n: { $sum: 1 } } }, { $sort: { total: -1 } }]).toArray(),
  );

  // GridFS: 100 MB up and down.
  const bucket = new GridFSBucket(db);
  const data = randomBytes(100 * 1024 * 1024);
  let t0 = Date.now();
  const upload = bucket.openUploadStream('big.bin');
  await pipeline(Readable.from((function* () {
    for (let o = 0; o < data.length; o += 4 * 1024 * 1024) yield data.subarray(o, o + 4 * 1024 * 1024);
  })()), upload);
  const upMs = Date.now() - t0;
  t0 = Date.now();
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of bucket.openDownloadStream(upload.id)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  const downMs = Date.now() - t0;
  const same = bytes === data.length && hash.digest('hex') === createHash('sha256').update(data).digest('hex');
  console.log(`GridFS 100 MB upload ${upMs} ms, download ${downMs} ms (${same ? 'identical' : 'MISMATCH'})`);
  await client.close();
  if (server) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }

  if (!external) {
    // Restart: 100,000 documents written through the driver into a fresh journal (no compaction).
    const restartDir = tempDir();
    const writer = await startEmbeddedMongo({ dbPath: restartDir, storage: { compactBytes: Number.MAX_SAFE_INTEGER } });
    const wc = new MongoClient(writer.uri);
    const coll = wc.db('bench').collection('leads');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.createIndex({ campaign: 1, score: -1 });
    for (let b = 0; b < 100; b++) {
      await coll.insertMany(Array.from({ length: 1000 }, (_, i) => {
        const n = b * 1000 + i;
        return { email: `lead${n}@bench.test`, campaign: `c${n % 50}`, score: n % 100, name: `Lead ${n}`, phone: `+1555${String(n).padStart(7, '0')}`, createdAt: new Date() };
      }));
    }
    await wc.close();
    await writer.stop();
    const journalMb = fs.statSync(path.join(restartDir, 'journal.bson')).size / 1024 / 1024;
    const r0 = Date.now();
    const restarted = await startEmbeddedMongo({ dbPath: restartDir });
    const restartMs = Date.now() - r0;
    const rc = new MongoClient(restarted.uri);
    const n = await rc.db('bench').collection('leads').countDocuments();
    await rc.close();
    await restarted.stop();
    console.log(`restart with ${n} documents in a ${journalMb.toFixed(1)} MB journal: ${restartMs} ms`);
    fs.rmSync(restartDir, { recursive: true, force: true });
  }
  fs.rmSync(dbPath, { recursive: true, force: true });
}

await main();
