// `npm run bench:dialer`: N agents auto-dialing their queues at once (default 200 agents for 60 s) on the
// whole app (API + Socket.IO + BullMQ workers in this process, as `npm start` runs them), at the spec's
// timings. Prints calls placed, the auto-dial delay error (next call's start minus previous end + 2 s)
// and the `call:state` push latency (socket receive time minus the server's emittedAt), p50/p99.
// BENCH_AGENTS, BENCH_SECONDS, BENCH_QUEUE (contacts per agent, default 20) change the load; BENCH_VERBOSE=1 prints the most delayed starts;
// BENCH_RAMP_MS (default 4000) spreads the agents' switch-on over that time, as real agents are not in lockstep.
// The embedded MongoDB runs in its own process (the `db:embedded` CLI), as in the production shape;
// BENCH_MONGO_URL / BENCH_REDIS_URL use running servers instead (else a local redis-server is started).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SocketEvents } from '../shared/events.js';
import type { CallStatePayload } from '../shared/schemas/dialer/state.js';
import { TIMINGS } from '../shared/constants.js';
import { callsCollection } from '../server/features/dialer/repository.js';
import { createUser, type CreatedUser } from '../tests/support/factories.js';
import { startInProcessApp } from './suite/in-process-app.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const QUEUE = Number(process.env.BENCH_QUEUE ?? 20);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 4_000);

/** The embedded MongoDB-compatible server as its own process (the `db:embedded` CLI through tsx). */
async function startMongoProcess(): Promise<{ url: string; pid: number; stop: () => void }> {
  const dbPath = mkdtempSync(path.join(tmpdir(), 'cw-bench-mongo-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/embedded/mongo/cli.ts', '--port', '0', '--dbpath', dbPath],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^ready (mongodb:\/\/\S+)$/.exec(line);
      if (match) resolve(`${match[1]}/?directConnection=true`);
      else reject(new Error(`unexpected output of the embedded MongoDB: ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`embedded MongoDB exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
/** CPU seconds (user + system) a process has used, from /proc (Linux only). */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`);

async function main() {
  if (process.env.BENCH_MONGO_URL) process.env.TEST_MONGO_URL = process.env.BENCH_MONGO_URL;
  if (process.env.BENCH_REDIS_URL) process.env.TEST_REDIS_URL = process.env.BENCH_REDIS_URL;
  process.env.TEST_NO_DOCKER = '1';
  const mongoProcess = process.env.TEST_MONGO_URL ? undefined : await startMongoProcess();
  if (mongoProcess) process.env.TEST_MONGO_URL = mongoProcess.url;
  const { backends, runtime, url, db, shim } = await startInProcessApp(mkdtempSync(path.join(tmpdir(), 'cw-bench-')));

  console.log(
    `load average before the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`,
  );
  console.log(
    `dialer benchmark: ${AGENTS} agents, ${QUEUE} queued contacts each, ${SECONDS} s, MongoDB ${mongoProcess ? 'embedded (own process)' : backends.mongoKind}, Redis ${backends.redisKind}, switch-on spread over ${RAMP_MS} ms`,
  );
  const started = Date.now();
  const agents: CreatedUser[] = [];
  for (let i = 0; i < AGENTS; i += 10)
    agents.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, AGENTS - i) }, (_, j) => createUser(shim, { name: `Bench Agent ${i + j}` })),
      )),
    );
  console.log(`  ${AGENTS} agents created in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const api = async (token: string, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const latencies: number[] = [];
  const sockets: Socket[] = [];
  for (const agent of agents) {
    const socket = connectSocket(url, {
      auth: { token: agent.accessToken },
      transports: ['websocket'],
      forceNew: true,
    });
    socket.on(SocketEvents.callState, (payload: CallStatePayload) =>
      latencies.push(Date.now() - Date.parse(payload.emittedAt)),
    );
    sockets.push(socket);
  }
  await Promise.all(sockets.map((s) => (s.connected ? null : new Promise<void>((r) => s.once('connect', () => r())))));
  // Answered, voicemail and no-answer numbers in turn (last digit 1..8 answers, 9 voicemail, 0 rings out).
  const ending = ['1', '9', '0'];
  await Promise.all(
    agents.map(async (agent, a) => {
      const contacts = Array.from({ length: QUEUE }, (_, i) => ({
        name: `Contact ${a}-${i}`,
        phone: `55${String(a).padStart(4, '0')}${String(i).padStart(3, '0')}${ending[i % 3]}`,
      }));
      const { version } = (await api(agent.accessToken, 'GET', '/dialer/queue')) as { version: number };
      await api(agent.accessToken, 'PUT', '/dialer/queue', { contacts, version });
      await api(agent.accessToken, 'POST', '/dialer/connect');
    }),
  );
  const connected = async () => {
    for (;;) {
      const states = await Promise.all(
        agents.map((agent) => api(agent.accessToken, 'GET', '/dialer/state') as Promise<{ phone: { status: string } }>),
      );
      if (states.every((s) => s.phone.status === 'connected')) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  await connected();
  latencies.length = 0;

  const cpuBefore = { app: process.cpuUsage(), db: mongoProcess ? cpuSecondsOf(mongoProcess.pid) : undefined };
  const windowStart = new Date();
  await Promise.all(
    agents.map(async (agent, a) => {
      await new Promise((r) => setTimeout(r, (a * RAMP_MS) / AGENTS));
      await api(agent.accessToken, 'PUT', '/dialer/auto-dial', { enabled: true });
    }),
  );
  console.log(
    `  auto-dial switched on for every agent in ${((Date.now() - windowStart.getTime()) / 1000).toFixed(1)} s`,
  );
  await new Promise((r) => setTimeout(r, Math.max(0, windowStart.getTime() + SECONDS * 1000 - Date.now())));
  await Promise.all(agents.map((agent) => api(agent.accessToken, 'PUT', '/dialer/auto-dial', { enabled: false })));
  const windowEnd = new Date();
  const appCpu = process.cpuUsage(cpuBefore.app);
  const dbCpu =
    mongoProcess && cpuBefore.db !== undefined ? (cpuSecondsOf(mongoProcess.pid) ?? 0) - cpuBefore.db : undefined;
  // Let the calls in progress finish before reading the figures.
  for (let i = 0; i < 60 && (await callsCollection(db).countDocuments({ live: true })) > 0; i++)
    await new Promise((r) => setTimeout(r, 500));

  const calls = await callsCollection(db)
    .find({ startedAt: { $gte: windowStart, $lte: windowEnd } })
    .sort({ agentId: 1, startedAt: 1 })
    .toArray();
  const errors: number[] = [];
  const worst: Array<{ error: number; prev: (typeof calls)[number]; next: (typeof calls)[number] }> = [];
  for (let i = 1; i < calls.length; i++) {
    const [prev, next] = [calls[i - 1], calls[i]];
    if (!prev.agentId.equals(next.agentId) || !prev.endedAt || !next.autoDialed) continue;
    const error = next.startedAt.getTime() - (prev.endedAt.getTime() + TIMINGS.autoDialDelayMs);
    errors.push(error);
    worst.push({ error, prev, next });
  }
  if (process.env.BENCH_VERBOSE) {
    for (const { error, prev, next } of worst.sort((a, b) => b.error - a.error).slice(0, 5)) {
      console.log(
        `  late by ${error} ms: ${JSON.stringify(prev.timeline)} -> next ${next.dialKey} at ${next.startedAt.toISOString()}`,
      );
    }
  }
  const absErrors = errors.map(Math.abs);
  const byStatus = calls.reduce<Record<string, number>>(
    (acc, c) => ({ ...acc, [c.status ?? c.state]: (acc[c.status ?? c.state] ?? 0) + 1 }),
    {},
  );
  const duplicatePhones = calls.length - new Set(calls.map((c) => `${c.agentId.toHexString()}|${c.phoneDigits}`)).size;

  console.log(
    `  calls placed: ${calls.length} (${(calls.length / SECONDS).toFixed(1)}/s; ${JSON.stringify(byStatus)}; contacts dialed twice: ${duplicatePhones})`,
  );
  console.log(
    `  auto-dial delay error (start - (previous end + 2 s)), ${errors.length} gaps: p50 ${ms(percentile(errors, 50))}, p99 ${ms(percentile(errors, 99))}; |error| p50 ${ms(percentile(absErrors, 50))}, p99 ${ms(percentile(absErrors, 99))}, max ${ms(Math.max(...absErrors))}`,
  );
  const seconds = (windowEnd.getTime() - windowStart.getTime()) / 1000;
  console.log(
    `  CPU during the window: app + workers + ${AGENTS} socket clients ${((appCpu.user + appCpu.system) / 1e6 / seconds).toFixed(2)} cores${dbCpu !== undefined ? `, embedded MongoDB ${(dbCpu / seconds).toFixed(2)} cores` : ''}; load average after: ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  call:state push latency, ${latencies.length} events: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
  );

  for (const socket of sockets) socket.disconnect();
  await runtime.stop({ dropDatabase: true });
  await backends.stop();
  mongoProcess?.stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
