// The processes a part of the suite runs: MongoDB (the embedded server's CLI, its own process, journal on), Redis
// (Debian's redis-server), nodes under test (bench/suite/server-node.ts) and socket client processes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startLocalRedis, freePort, type LocalRedis } from '../../server/platform/local-redis.js';
import { forkChild, type RpcChild } from './rpc.js';
import type { ClientCounts, ConnectResult } from './socket-clients.js';

export interface MongoProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The embedded MongoDB-compatible server as `npm run db:embedded` runs it (through tsx), journal in a temp dir. */
export async function startMongoProcess(
  options: { flags?: string[]; args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<MongoProcess> {
  const dbPath = mkdtempSync(path.join(tmpdir(), 'cw-bench-mongo-'));
  const cli = path.resolve(import.meta.dirname, '../../server/embedded/mongo/cli.ts');
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const flags = [...profile, '--import', 'tsx', ...(options.flags ?? [])];
  const child = spawn(process.execPath, [...flags, cli, '--port', '0', '--dbpath', dbPath, ...(options.args ?? [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...options.env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^ready (mongodb:\/\/\S+)$/.exec(line);
      if (match) resolve(match[1]);
      else reject(new Error(`unexpected output of the embedded MongoDB: ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`embedded MongoDB exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dbPath, { recursive: true, force: true });
    },
  };
}

export interface Backends {
  mongo: MongoProcess;
  redis: LocalRedis;
  redisDir?: string;
  stop(): Promise<void>;
}

/** `aof`: Redis with AOF `everysec`, as production runs it (the jobs part); otherwise no persistence. */
export async function startBackends(options: { aof?: boolean } = {}): Promise<Backends> {
  const redisDir = options.aof ? mkdtempSync(path.join(tmpdir(), 'cw-bench-redis-')) : undefined;
  const [mongo, redis] = await Promise.all([startMongoProcess(), startLocalRedis({ dir: redisDir })]);
  return {
    mongo,
    redis,
    redisDir,
    async stop() {
      await Promise.all([mongo.stop(), redis.stop()]);
      if (redisDir) rmSync(redisDir, { recursive: true, force: true });
    },
  };
}

export interface Deployment {
  mongoUrl: string;
  redisUrl: string;
  /** Database name and Redis prefix shared by the nodes of one deployment. */
  id: string;
}

export function newDeployment(backends: Backends): Deployment {
  const id = `bench${randomBytes(4).toString('hex')}`;
  return { mongoUrl: `${backends.mongo.url}/cw_${id}?directConnection=true`, redisUrl: backends.redis.url, id };
}

export type NodeMode = 'app' | 'worker' | 'bare-io' | 'bare-http' | 'bare-http-db' | 'bare-worker';

export interface NodeHandle extends RpcChild {
  url: string;
}

export async function startNode(
  mode: NodeMode,
  deployment?: Deployment,
  options: { nodeEnv?: string; port?: number; loadShedding?: boolean; limits?: Record<string, string> } = {},
): Promise<NodeHandle> {
  const port = options.port ?? (mode === 'app' ? await freePort() : 0);
  const env: NodeJS.ProcessEnv = deployment
    ? {
        BENCH_MONGO_URL: deployment.mongoUrl,
        BENCH_REDIS_URL: deployment.redisUrl,
        BENCH_REDIS_PREFIX: deployment.id,
        BENCH_NODE_ENV: options.nodeEnv ?? 'production',
        BENCH_PORT: String(port),
        BENCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(options.loadShedding === false ? { BENCH_LOAD_SHEDDING: 'off' } : {}),
        ...options.limits,
      }
    : {};
  const child = await forkChild('server-node.ts', [mode], { env, maxOldSpaceMb: 4096 });
  const info = await child.call<{ url?: string }>('info');
  return { ...child, url: info.url ?? '' };
}

/** Socket.IO clients spread over several processes (a process holds at most `perProcess` sockets). */
export class ClientFleet {
  private constructor(private readonly children: RpcChild[]) {}

  static async start(processes: number): Promise<ClientFleet> {
    return new ClientFleet(
      await Promise.all(
        Array.from({ length: processes }, () => forkChild('socket-clients.ts', [], { maxOldSpaceMb: 4096 })),
      ),
    );
  }

  get pids(): number[] {
    return this.children.map((c) => c.pid);
  }

  /** Opens `count` sockets, split evenly over the processes. */
  async connect(url: string, count: number, tokens?: string[], concurrency = 50): Promise<ConnectResult> {
    const n = this.children.length;
    const share = (i: number) => Math.floor(count / n) + (i < count % n ? 1 : 0);
    let offset = 0;
    const results = await Promise.all(
      this.children.map((child, i) => {
        const size = share(i);
        const slice = tokens?.slice(offset, offset + size);
        offset += size;
        return child.call<ConnectResult>('connect', {
          url,
          count: size,
          tokens: slice,
          concurrency: Math.max(1, Math.round(concurrency / n)),
        });
      }),
    );
    return {
      connected: results.reduce((s, r) => s + r.connected, 0),
      failed: results.reduce((s, r) => s + r.failed, 0),
      firstError: results.find((r) => r.firstError)?.firstError,
      ms: Math.max(...results.map((r) => r.ms)),
    };
  }

  async collect(): Promise<Float64Array> {
    const parts = await Promise.all(this.children.map((c) => c.call<Float64Array>('collect')));
    const all = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    return all;
  }

  async received(): Promise<number> {
    return (await Promise.all(this.children.map((c) => c.call<number>('received')))).reduce((s, n) => s + n, 0);
  }

  async counts(): Promise<ClientCounts> {
    const parts = await Promise.all(this.children.map((c) => c.call<ClientCounts>('counts')));
    const disconnects: Record<string, number> = {};
    for (const p of parts)
      for (const [reason, n] of Object.entries(p.disconnects)) disconnects[reason] = (disconnects[reason] ?? 0) + n;
    return {
      open: parts.reduce((s, p) => s + p.open, 0),
      disconnects,
      connectErrors: parts.reduce((s, p) => s + p.connectErrors, 0),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.children.map((c) => c.call('close')));
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.map((c) => c.stop()));
  }
}
