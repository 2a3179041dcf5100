// The node under test of `npm run bench:capacity`, in the production shape of docker-compose.yml on one machine, each
// piece its own process so /proc can tell their CPU apart: the embedded MongoDB-compatible server (`npm run
// db:embedded`), redis-server (AOF everysec, as production), the local carrier (`npm run telephony`: Janus and the
// SIPp lead phone, its children), one API node (`npm run api`: PHONE_PROVIDER=sip, SIP_CALL_MODEL=room, the default
// load shedding) and one worker process (`npm run worker`). The Node entry points run from source through tsx (the
// same code `npm run build` compiles; tsx transpiles once at start-up, before anything is measured), so a fresh
// clone needs no build. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startLocalRedis, type LocalRedis } from '../../server/platform/local-redis.js';
import { startMongoProcess, type MongoProcess } from '../suite/processes.js';
import { BENCH_JWT_SECRET } from '../suite/options.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DeploymentOptions {
  /** Extra settings of the API and worker processes (e.g. SIP_RING_TIMEOUT_S, LOAD_SHED_* for a curve). */
  env?: Record<string, string>;
}

export interface Deployment {
  url: string;
  mongoUrl: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  dataDir: string;
  /** Where the Node processes' per-second event-loop delays are written when CAPACITY_LOOP_PROBE is set. */
  loopProbeDir: string;
  leadPhoneLog: string;
  /** The pids whose CPU and memory are the node's, by role (the carrier's role resolves to Janus and SIPp). */
  pids(): Record<ServerRole, number[]>;
  /**
   * The processes whose ended children's CPU (/proc's cutime + cstime) is the `speech` role's: the API and the
   * workers run the recognisers (live objection spotting, call transcripts) as child processes.
   */
  speechParents(): number[];
  /** What the API node printed (warnings and errors: shed requests are logged there). */
  apiOutput(): string;
  stop(): Promise<void>;
}

export type ServerRole = 'api' | 'workers' | 'speech' | 'mongodb' | 'redis' | 'janus' | 'sipp' | 'carrier supervisor';

interface Started {
  child: ChildProcess;
  output: () => string;
}

function startNodeProcess(entry: string, args: string[], env: NodeJS.ProcessEnv, flags: string[] = []): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', ...flags, path.join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Kept bounded: a long run of warnings must not grow the bench's own memory without end.
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > 4_000_000) output = output.slice(-2_000_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

async function waitForLine(started: Started, pattern: RegExp, what: string, ms = 300_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = started.output().match(pattern);
    if (match) return match;
    if (started.child.exitCode !== null)
      throw new Error(`${what} exited (${started.child.exitCode}):\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${ms / 1000} s:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000); // past the runtime's own 15 s, so a CPU profile gets written
  await exited;
  clearTimeout(timer);
}

/** Every live descendant of `pid` (from /proc's parent links), with its command name. */
export function descendants(pid: number): Array<{ pid: number; comm: string }> {
  const parents = new Map<number, Array<{ pid: number; comm: string }>>();
  for (const entry of readdirProc()) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push({ pid: Number(entry), comm });
      parents.set(ppid, list);
    } catch {
      // the process ended while /proc was read
    }
  }
  const out: Array<{ pid: number; comm: string }> = [];
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      out.push(child);
      walk(child.pid);
    }
  };
  walk(pid);
  return out;
}

const readdirProc = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

export async function startDeployment(options: DeploymentOptions = {}): Promise<Deployment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-capacity-'));
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // CAPACITY_LOOP_PROBE=1: each Node process of the node writes its event-loop delay per second (loop-probe.ts).
  const probeDir = path.join(dataDir, 'loop-probe');
  const probe = (role: string) =>
    process.env.CAPACITY_LOOP_PROBE
      ? {
          flags: ['--import', path.join(import.meta.dirname, 'loop-probe.ts')],
          env: { CAPACITY_LOOP_PROBE_DIR: probeDir, CAPACITY_LOOP_PROBE_ROLE: role },
        }
      : { flags: [], env: {} };
  mkdirSync(probeDir, { recursive: true });
  try {
    const [mongo, redis]: [MongoProcess, LocalRedis] = await Promise.all([
      // Probing, the database also says when it compacts its journal (a whole-catalogue snapshot, written in one go).
      startMongoProcess({ ...probe('mongodb'), args: process.env.CAPACITY_LOOP_PROBE ? ['--verbose'] : [] }),
      startLocalRedis({ dir: path.join(dataDir, 'redis') }),
    ]);
    stops.push(
      () => mongo.stop(),
      () => redis.stop(),
    );

    const carrier = startNodeProcess('server/platform/telephony/cli.ts', [], { DATA_DIR: dataDir });
    stops.push(() => stopChild(carrier.child, 'SIGINT'));
    await waitForLine(carrier, /telephony ready janus=(\S+) sip=(\S+)/, 'the local carrier');
    const carrierInfo = JSON.parse(readFileSync(path.join(dataDir, 'telephony', 'carrier.json'), 'utf8')) as {
      janusUrl: string;
      apiSecret: string;
      sipUri: string;
      leadPhoneLog: string;
    };

    const id = randomBytes(4).toString('hex');
    const mongoUrl = `${mongo.url}/cw_capacity_${id}?directConnection=true`;
    const port = await freePort();
    const recordings = path.join(dataDir, 'recordings');
    mkdirSync(recordings, { recursive: true });
    const shared: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MONGO_URL: mongoUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `cap${id}`,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAIL_URL: '',
      SEED_DEMO: 'off',
      PHONE_PROVIDER: 'sip',
      SIP_CALL_MODEL: 'room',
      JANUS_URL: carrierInfo.janusUrl,
      JANUS_API_SECRET: carrierInfo.apiSecret,
      SIP_PROXY: carrierInfo.sipUri,
      SIP_RECORDINGS_DIR: recordings,
      // Every simulated person signs in from 127.0.0.1: the per-address limits would otherwise count them as one.
      RATE_LIMIT_FACTOR: '50',
      ...options.env,
    };
    // CAPACITY_CPU_PROF=<dir>: a V8 CPU profile of the API node, written when it stops (where its CPU goes).
    const profile = process.env.CAPACITY_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.CAPACITY_CPU_PROF)}`]
      : [];
    const api = startNodeProcess(
      'server/api.ts',
      [],
      { ...shared, PORT: String(port), WORKERS: 'off', ...probe('api').env },
      [...profile, ...probe('api').flags],
    );
    stops.push(() => stopChild(api.child));
    const workers = startNodeProcess(
      'workers/main.ts',
      [],
      { ...shared, ...probe('workers').env },
      probe('workers').flags,
    );
    stops.push(() => stopChild(workers.child));
    await Promise.all([
      waitForLine(api, /API listening at/, 'the API node'),
      waitForLine(workers, /Workers running/, 'the worker process'),
    ]);

    const carrierPid = carrier.child.pid!;
    return {
      url: `http://127.0.0.1:${port}`,
      mongoUrl,
      redisUrl: redis.url,
      redisPrefix: `cap${id}`,
      jwtSecret: BENCH_JWT_SECRET,
      dataDir,
      loopProbeDir: probeDir,
      leadPhoneLog: carrierInfo.leadPhoneLog,
      speechParents: () => [api.child.pid!, workers.child.pid!],
      pids() {
        const carrierChildren = descendants(carrierPid);
        return {
          api: [api.child.pid!],
          speech: [...descendants(api.child.pid!), ...descendants(workers.child.pid!)].map((p) => p.pid),
          workers: [workers.child.pid!],
          mongodb: [mongo.pid],
          redis: redis.pid ? [redis.pid] : [],
          janus: carrierChildren.filter((p) => p.comm.startsWith('janus')).map((p) => p.pid),
          sipp: carrierChildren.filter((p) => p.comm.startsWith('sipp')).map((p) => p.pid),
          'carrier supervisor': [carrierPid],
        };
      },
      apiOutput: api.output,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
