// `npm run bench:db`: throughput of the embedded MongoDB-compatible server through the official
// driver, persistence on (journal in a temp dir). The server runs in its own process (the CLI), so
// its CPU time can be read from /proc: besides the ops/s this client reaches, every figure shows the
// server's CPU time per operation and the rate one server core sustains at that cost (the client
// and the server share this machine's cores, so the client-side rate is the lower bound).
// Set BENCH_MONGO_URL to run the same operations against another server (restart is then skipped).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, ObjectId, type Collection, type Db, type Document } from 'mongodb';
import { Catalogue } from '../server/embedded/mongo/storage/catalogue.js';
import { runCommand } from '../server/embedded/mongo/commands/index.js';
import { MongoServer } from '../server/embedded/mongo/wire/server.js';
import { encodeReply } from '../server/embedded/mongo/wire/wire.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const WARMUP_MS = Math.min(500, DURATION_MS / 4);
// V8 optimizes a function after enough calls, not after enough time: slow operations (a 25-document page, the
// aggregate) warm up for at least this many operations, within a bound for a machine too loaded to get there.
const WARMUP_OPS = 2000;
const WARMUP_MAX_MS = 10_000;
const CONCURRENCY = 16;
const CLI = path.resolve(import.meta.dirname, '../server/embedded/mongo/cli.ts');
// `npm run bench:db -- --only page,restart` runs only the named parts (throughput, page, gridfs, restart, compaction).
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg >= 0 ? new Set(process.argv[onlyArg + 1]?.split(',')) : undefined;
const wanted = (part: string) => !ONLY || ONLY.has(part);

interface Figure {
  label: string;
  opsPerSec: number;
  perCore?: number;
  /** Server CPU time per operation, in microseconds. */
  serverUs?: number;
}

const figures: Figure[] = [];

/** CPU seconds (user + system) a process has used, from /proc (Linux only). */
function cpuOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function run(
  op: (i: number) => Promise<unknown>,
  concurrency: number,
  ms: number,
  counter: { i: number },
): Promise<number> {
  let done = 0;
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await op(counter.i++);
        done++;
      }
    }),
  );
  return done;
}

async function measure(
  label: string,
  serverPid: number | undefined,
  op: (i: number) => Promise<unknown>,
  concurrency = 1,
): Promise<void> {
  const counter = { i: 0 };
  // Untimed warm-up, so that both JITs have compiled the paths being measured.
  const warmupEnd = Date.now() + WARMUP_MAX_MS;
  let warmed = await run(op, concurrency, WARMUP_MS, counter);
  while (warmed < WARMUP_OPS && Date.now() < warmupEnd) warmed += await run(op, concurrency, 250, counter);
  const cpu0 = cpuOf(serverPid);
  const client0 = process.cpuUsage();
  const started = process.hrtime.bigint();
  const done = await run(op, concurrency, DURATION_MS, counter);
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu1 = cpuOf(serverPid);
  const clientCpu = process.cpuUsage(client0);
  const figure: Figure = {
    label: concurrency > 1 ? `${label} (${concurrency} concurrent)` : label,
    opsPerSec: Math.round(done / secs),
  };
  let server = '';
  if (cpu0 !== undefined && cpu1 !== undefined && cpu1 > cpu0) {
    const usPerOp = ((cpu1 - cpu0) * 1e6) / done;
    figure.serverUs = usPerOp;
    figure.perCore = Math.round(1e6 / usPerOp);
    server = `   server ${usPerOp.toFixed(0).padStart(5)} µs CPU/op -> ${String(figure.perCore).padStart(6)} ops/s per core`;
  }
  figures.push(figure);
  // One at a time, the wall time per operation is the round trip: client, wire and server together.
  const wall = concurrency === 1 ? `   wall ${String(Math.round((secs * 1e6) / done)).padStart(5)} µs/op` : '';
  // The benchmark process is the driver: its CPU per operation is the client's share.
  const client = `   client ${String(Math.round((clientCpu.user + clientCpu.system) / done)).padStart(5)} µs CPU/op`;
  console.log(`${figure.label.padEnd(60)} ${String(figure.opsPerSec).padStart(7)} ops/s${wall}${client}${server}`);
}

interface ServerProcess {
  url: string;
  child: ChildProcess;
  logs: string[];
  /** Milliseconds from spawn to the `ready` line. */
  readyMs: number;
}

/** Starts the standalone server (the `db:embedded` CLI, through tsx) and waits for its ready line. */
async function startServerProcess(dbPath: string): Promise<ServerProcess> {
  const started = Date.now();
  // BENCH_SERVER_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to the server's node.
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', CLI, '--port', '0', '--dbpath', dbPath, '--verbose'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const logs: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => logs.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const m = /^ready (mongodb:\/\/\S+)$/.exec(line);
      if (m) resolve(`${m[1]}/?directConnection=true`);
      else reject(new Error(`unexpected output: ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${logs.join('\n')}`)));
  });
  return { url, child, logs, readyMs: Date.now() - started };
}

async function stopServerProcess(server: ServerProcess): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-'));
}

async function throughput(db: Db, serverPid: number | undefined): Promise<void> {
  const users: Collection = db.collection('users');
  await users.createIndex({ email: 1 }, { unique: true });
  await measure('insertOne (acknowledged)', serverPid, (i) =>
    users.insertOne({ email: `u${i}@bench.test`, n: i, name: `User ${i}`, tags: ['a', 'b'], createdAt: new Date() }),
  );
  const count = await users.countDocuments();
  await measure(
    'insertOne (acknowledged)',
    serverPid,
    (i) => users.insertOne({ email: `c${i}@bench.test`, n: i, name: `User ${i}`, createdAt: new Date() }),
    CONCURRENCY,
  );
  await measure('findOne by indexed field', serverPid, (i) => users.findOne({ email: `u${i % count}@bench.test` }));
  await measure(
    'findOne by indexed field',
    serverPid,
    (i) => users.findOne({ email: `u${i % count}@bench.test` }),
    CONCURRENCY,
  );
  await measure('updateOne by indexed field ($inc, $set)', serverPid, (i) =>
    users.updateOne({ email: `u${i % count}@bench.test` }, { $inc: { n: 1 }, $set: { seen: new Date() } }),
  );
  await measure(
    'updateOne by indexed field ($inc, $set)',
    serverPid,
    (i) => users.updateOne({ email: `u${i % count}@bench.test` }, { $inc: { n: 1 }, $set: { seen: new Date() } }),
    CONCURRENCY,
  );

  const deals = db.collection('deals');
  await deals.insertMany(
    Array.from({ length: 1000 }, (_, i) => ({
      agent: `a${i % 25}`,
      campaign: `c${i % 5}`,
      value: (i * 37) % 1000,
      closedAt: new Date(Date.UTC(2024, i % 12, 1)),
    })),
  );
  await measure('aggregate over 1,000 documents ($match/$group/$sort)', serverPid, () =>
    deals
      .aggregate([
        { $match: { value: { $gte: 0 } } },
        { $group: { _id: '$agent', total: { $sum: '$value' }, n: { $sum: 1 } } },
        { $sort: { total: -1 } },
      ])
      .toArray(),
  );
}

const PAGE_AGENTS = 8;
const LEADS_PER_AGENT = 250;
const PAGE_SIZE = 25;

/**
 * The leads list's page read as the app makes it (server/features/leads/repository.ts listLeads): an agent's
 * leads newest first through the `{assignedTo: 1, _id: -1}` index, without their history, 25 per page, in one
 * reply (the limit makes the first batch the whole page: no getMore). Lead documents have the app's shape.
 */
async function pageRead(db: Db, serverPid: number | undefined, external: boolean): Promise<void> {
  const leads = db.collection('leads');
  await leads.createIndex({ assignedTo: 1, _id: -1 });
  const agents = Array.from({ length: PAGE_AGENTS }, () => new ObjectId());
  const campaigns = Array.from({ length: 4 }, () => new ObjectId());
  const dispositions = ['New', 'Answered', 'VM', 'Follow Up', 'Potential', 'Closed', 'Rejected'];
  const stages = ['New', 'Contacted', 'Qualified', 'Proposal', 'Closed', 'Lost'];
  const t0 = Date.UTC(2026, 9, 1);
  const docs = Array.from({ length: PAGE_AGENTS * LEADS_PER_AGENT }, (_, n) => {
    const at = (k: number) => new Date(t0 + n * 60_000 + k * 3_600_000);
    return {
      _id: ObjectId.createFromTime(Math.floor(t0 / 1000) + n),
      campaignId: campaigns[n % campaigns.length],
      name: `Lead ${n} Lastname`,
      company: `Company ${n % 97} Ltd`,
      email: `lead${n}@example.com`,
      phone: `1555${String(n).padStart(7, '0')}`,
      source: 'import',
      leadType: n % 3 === 0 ? 'Corporate' : 'Individual',
      details: {
        hotel: `Hotel ${n % 13}`,
        rooms: 10 + (n % 40),
        stars: 1 + (n % 5),
        city: 'Lisbon',
        website: `https://hotel${n % 13}.example.com`,
      },
      assignedTo: agents[n % PAGE_AGENTS],
      assignedAt: at(1),
      disposition: dispositions[n % dispositions.length],
      stage: stages[n % stages.length],
      dispositionAt: at(2),
      lastContactAt: at(2),
      nextAction: 'Call back about the group rate',
      nextActionDate: at(48),
      timeZone: 'Europe/Lisbon',
      notes: `Spoke to the front desk manager; wants a proposal for ${10 + (n % 40)} rooms before the end of the month.`,
      history: Array.from({ length: 4 }, (_, k) => ({
        at: at(k),
        by: agents[n % PAGE_AGENTS],
        change: `disposition ${dispositions[k]}`,
      })),
      createdAt: at(0),
      updatedAt: at(2),
    };
  });
  await leads.insertMany(docs);
  const page = (i: number) =>
    leads
      .find({ assignedTo: agents[i % PAGE_AGENTS] }, { projection: { history: 0 } })
      .sort({ _id: -1 })
      .limit(PAGE_SIZE)
      .batchSize(PAGE_SIZE)
      .toArray();
  const first = await page(0);
  if (
    first.length !== PAGE_SIZE ||
    first.some((d) => 'history' in d) ||
    String(first[0]._id) !== String(docs[docs.length - PAGE_AGENTS]._id)
  ) {
    throw new Error('page read returned the wrong documents');
  }
  await measure(`find: page of ${PAGE_SIZE} leads by index (no getMore)`, serverPid, page);
  await measure(`find: page of ${PAGE_SIZE} leads by index (no getMore)`, serverPid, page, CONCURRENCY);
  if (!external) await pageCommandOnly(docs, agents);
}

/**
 * The server's own share of a page, without sockets or a driver: the same documents in an in-process server
 * (in memory), and the find command the driver sends run directly, its reply encoded, in a loop.
 */
async function pageCommandOnly(docs: Document[], agents: ObjectId[]): Promise<void> {
  const server = new MongoServer({ host: '127.0.0.1', port: 0, catalogue: new Catalogue(), log: () => {} });
  const port = await server.listen();
  const client = new MongoClient(`mongodb://127.0.0.1:${port}/?directConnection=true`);
  const leads = client.db('bench').collection('leads');
  await leads.createIndex({ assignedTo: 1, _id: -1 });
  await leads.insertMany(docs);
  await client.close();
  const ctx = { state: server.state, db: 'bench', connectionId: 1 };
  const lsid = { id: new ObjectId() };
  const page = (i: number) => {
    const filter = { assignedTo: agents[i % PAGE_AGENTS] };
    const cmd = {
      find: 'leads',
      filter,
      projection: { history: 0 },
      sort: { _id: -1 },
      limit: PAGE_SIZE,
      batchSize: PAGE_SIZE,
      lsid,
      $db: 'bench',
    };
    return encodeReply({ opCode: 2013, requestId: i }, runCommand(cmd, ctx)).length;
  };
  const loop = (ms: number) => {
    let n = 0;
    for (const end = Date.now() + ms; Date.now() < end;) for (let k = 0; k < 100; k++) page(n++);
    return n;
  };
  loop(WARMUP_MS);
  const cpu0 = process.cpuUsage();
  const n = loop(DURATION_MS);
  const cpu = process.cpuUsage(cpu0);
  const us = (cpu.user + cpu.system) / n;
  console.log(
    `${'find: page of 25 leads, server command only (in-process, no socket)'.padEnd(60)} ${String(Math.round(1e6 / us)).padStart(7)} pages/s per core   server ${us.toFixed(0).padStart(5)} µs CPU/page`,
  );
  await server.close();
}

async function gridFs(db: Db): Promise<void> {
  const bucket = new GridFSBucket(db);
  const data = randomBytes(100 * 1024 * 1024);
  let t0 = Date.now();
  const upload = bucket.openUploadStream('big.bin');
  await pipeline(
    Readable.from(
      (function* () {
        for (let o = 0; o < data.length; o += 4 * 1024 * 1024) yield data.subarray(o, o + 4 * 1024 * 1024);
      })(),
    ),
    upload,
  );
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
  console.log(`GridFS 100 MB upload ${upMs} ms, download ${downMs} ms (SHA-256 ${same ? 'identical' : 'MISMATCH'})`);
  if (!same) process.exitCode = 1;
}

/** Writes 100,000 documents into a fresh journal, then times cold restarts of the server process. */
async function restart(): Promise<void> {
  const dir = tempDir();
  try {
    const writer = await startServerProcess(dir);
    const client = new MongoClient(writer.url);
    const leads = client.db('bench').collection('leads');
    await leads.createIndex({ email: 1 }, { unique: true });
    await leads.createIndex({ campaign: 1, score: -1 });
    for (let b = 0; b < 100; b++) {
      await leads.insertMany(
        Array.from({ length: 1000 }, (_, i) => {
          const n = b * 1000 + i;
          return {
            email: `lead${n}@bench.test`,
            campaign: `c${n % 50}`,
            score: n % 100,
            name: `Lead ${n}`,
            phone: `+1555${String(n).padStart(7, '0')}`,
            createdAt: new Date(),
          };
        }),
      );
    }
    await client.close();
    await stopServerProcess(writer);
    const journalMb = fs.statSync(path.join(dir, 'journal.bson')).size / 1024 / 1024;

    const baselineDir = tempDir();
    const empty = await startServerProcess(baselineDir);
    await stopServerProcess(empty);
    fs.rmSync(baselineDir, { recursive: true, force: true });

    const restarted = await startServerProcess(dir);
    const check = new MongoClient(restarted.url);
    const n = await check.db('bench').collection('leads').countDocuments();
    const byEmail = await check.db('bench').collection('leads').findOne({ email: 'lead99999@bench.test' });
    await check.close();
    await stopServerProcess(restarted);
    const loaded = restarted.logs
      .map((l) => /replayed \d+ journal record\(s\) in (\d+) ms \(CPU (\d+) ms\)/.exec(l))
      .find(Boolean);
    console.log(
      `restart with ${n} documents in a ${journalMb.toFixed(1)} MB journal: journal replay + index build ${loaded?.[1] ?? '?'} ms ` +
        `(CPU ${loaded?.[2] ?? '?'} ms); process start to ready ${restarted.readyMs} ms (an empty server: ${empty.readyMs} ms)` +
        `${byEmail ? '' : ' — LOOKUP FAILED'}`,
    );
    figures.push({ label: 'restart: journal replay + index build (ms)', opsPerSec: Number(loaded?.[1] ?? NaN) });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A working day's recordings in miniature: 1 MB GridFS files (a call's recording is 0.5-2 MB) stored until the
 * journal has compacted a few times, while a second client pings every 10 ms. Prints each compaction's own account
 * (snapshot size, duration, the longest slice it held the event loop) and the slowest ping during it: what a request
 * arriving mid-compaction waits.
 */
async function compaction(): Promise<void> {
  const dir = tempDir();
  const MB = 1024 * 1024;
  const totalMb = Number(process.env.BENCH_COMPACTION_MB ?? 320);
  try {
    const server = await startServerProcess(dir);
    const writer = new MongoClient(server.url);
    const prober = new MongoClient(server.url);
    await prober.connect();
    const bucket = new GridFSBucket(writer.db('bench'), { bucketName: 'recordings' });
    const pings: Array<{ at: number; ms: number }> = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = Date.now();
        await prober.db('admin').command({ ping: 1 });
        pings.push({ at: t0, ms: Date.now() - t0 });
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    // Each compaction's span, from its own log line ("compacted into a N-byte snapshot in M ms") read as it comes.
    const compactions: Array<{ start: number; end: number; line: string }> = [];
    const seen = { lines: 0 };
    const watch = () => {
      for (; seen.lines < server.logs.length; seen.lines++) {
        const line = server.logs[seen.lines]!;
        const took = /compacted into .* in (\d+) ms/.exec(line);
        if (took) compactions.push({ start: Date.now() - Number(took[1]), end: Date.now(), line });
      }
    };
    const recording = randomBytes(MB);
    for (let i = 0; i < totalMb; i++) {
      await pipeline(Readable.from([recording]), bucket.openUploadStream(`call-${i}.wav`));
      watch();
    }
    // Let a compaction that is still running finish.
    for (const end = Date.now() + 10_000; Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 50));
      watch();
    }
    probing = false;
    await probe;
    await writer.close();
    await prober.close();
    await stopServerProcess(server);
    console.log(`compaction: ${totalMb} x 1 MB GridFS files, ping every 10 ms from a second client`);
    for (const c of compactions) {
      const during = pings.filter((p) => p.at >= c.start - 20 && p.at <= c.end);
      const slowest = Math.max(0, ...during.map((p) => p.ms));
      const what = c.line.replace(/^.*compacted into/, 'compacted into');
      console.log(`  ${what}; slowest of ${during.length} pings meanwhile ${slowest} ms`);
      figures.push({ label: 'compaction: slowest ping (ms)', opsPerSec: slowest });
    }
    const all = pings.map((p) => p.ms).sort((a, b) => a - b);
    console.log(
      `  all ${all.length} pings: p50 ${all[Math.floor(all.length / 2)] ?? '?'} ms, p99 ${all[Math.floor(all.length * 0.99)] ?? '?'} ms, max ${all.at(-1) ?? '?'} ms`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function best(label: string): Figure | undefined {
  return figures.filter((f) => f.label.startsWith(label)).sort((a, b) => b.opsPerSec - a.opsPerSec)[0];
}

function summary(): void {
  const rows: Array<[string, string, boolean]> = [];
  const find = best('findOne by indexed field');
  const insert = best('insertOne (acknowledged)');
  const page = best('find: page of');
  const restartMs = figures.find((f) => f.label.startsWith('restart'))?.opsPerSec;
  if (find)
    rows.push([
      'indexed finds >= 5,000/s',
      `${find.opsPerSec}/s (${find.label}); server ${find.perCore ?? '?'}/s per core`,
      find.opsPerSec >= 5000,
    ]);
  if (insert)
    rows.push([
      'acknowledged inserts >= 3,000/s',
      `${insert.opsPerSec}/s (${insert.label}); server ${insert.perCore ?? '?'}/s per core`,
      insert.opsPerSec >= 3000,
    ]);
  if (page)
    rows.push([
      'indexed 25-lead pages >= 3,000/s',
      `${page.opsPerSec}/s (${page.label}); server ${page.serverUs?.toFixed(0) ?? '?'} µs CPU per page`,
      page.opsPerSec >= 3000,
    ]);
  if (restartMs !== undefined) rows.push(['restart of 100k documents < 3 s', `${restartMs} ms`, restartMs < 3000]);
  const stall = figures.filter((f) => f.label.startsWith('compaction')).map((f) => f.opsPerSec);
  if (stall.length)
    rows.push([
      'a request during compaction < 100 ms',
      `slowest ping ${Math.max(...stall)} ms over ${stall.length} compaction(s)`,
      Math.max(...stall) < 100,
    ]);
  console.log('\ntargets:');
  for (const [target, value, ok] of rows) console.log(`  ${ok ? 'met ' : 'MISS'}  ${target.padEnd(34)} ${value}`);
}

async function main(): Promise<void> {
  const external = process.env.BENCH_MONGO_URL;
  const dbPath = tempDir();
  try {
    const server = external ? undefined : await startServerProcess(dbPath);
    const url = external ?? server!.url;
    console.log(
      `${new Date().toISOString()} on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `server: ${external ?? `embedded (own process), journal in ${dbPath}`}; ${DURATION_MS} ms per figure after ${WARMUP_MS} ms warm-up\n`,
    );
    const client = new MongoClient(url, { maxPoolSize: CONCURRENCY });
    await client.connect();
    const db = client.db(`bench_${Date.now()}`);
    if (wanted('throughput')) await throughput(db, server?.child.pid);
    if (wanted('page')) await pageRead(db, server?.child.pid, Boolean(external));
    if (wanted('gridfs')) await gridFs(db);
    if (external) await db.dropDatabase();
    await client.close();
    if (server) await stopServerProcess(server);
    if (!external && wanted('restart')) await restart();
    if (!external && wanted('compaction')) await compaction();
    summary();
  } finally {
    fs.rmSync(dbPath, { recursive: true, force: true });
  }
}

await main();
