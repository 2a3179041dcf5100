// The process under test, forked by bench/run.ts and driven over IPC (bench/suite/rpc.ts). One process per role, so
// its heap, CPU time and event loop hold nothing but that role:
//   app          an API node exactly as `npm run api` starts it (server/runtime.ts), on the suite's MongoDB and Redis
//   worker       a worker process exactly as `npm run worker` starts it
//   bare-io      the reference: a bare Socket.IO server (defaults, in-memory adapter, no auth)
//   bare-http    the reference: a bare Fastify server answering fixed JSON
//   bare-http-db the reference: the same, after one database read (the user for /api/me, the page for /api/leads)
//   bare-worker  the reference: a bare BullMQ worker with a no-op processor
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import Fastify from 'fastify';
import { ObjectId } from 'mongodb';
import { Server } from 'socket.io';
import { Rooms, SocketEvents } from '../../shared/events.js';
import { Queues } from '../../shared/queues.js';
import { loadConfig } from '../../server/platform/config.js';
import { BENCH_JWT_SECRET } from './options.js';
import { signAccessToken } from '../../server/platform/auth.js';
import { bullPrefix } from '../../server/platform/queues.js';
import { createRedis } from '../../server/platform/redis.js';
import { startRuntime, type Runtime } from '../../server/runtime.js';
import { assignRoleDirectly } from '../../server/features/auth/accounts.js';
import { register, verifyRegistration } from '../../server/features/auth/service.js';
import { startSession } from '../../server/features/auth/sessions.js';
import { createCampaign } from '../../server/features/campaigns/service.js';
import { insertLeads } from '../../server/features/leads/repository.js';
import { assignedLead } from './assigned-lead.js';
import { findUserById, usersCollection, type UserDoc } from '../../server/features/users/repository.js';
import { listLeads } from '../../server/features/leads/repository.js';
import { connectDatabase } from '../../server/platform/db.js';
import { likedPayload } from './payload.js';
import { serveRpc, type Handlers } from './rpc.js';
import { wallMs } from './stats.js';

const mode = process.argv[2];
const env = process.env;

export interface HeapFigures {
  heapUsed: number;
  rss: number;
  external: number;
  arrayBuffers: number;
}

export interface NodeStats {
  sockets: number;
  /** CPU microseconds (user + system) this process has used. */
  cpuMicros: number;
  /** Sockets the server saw disconnect since start, by reason. */
  disconnects: Record<string, number>;
}

export interface BroadcastParams {
  count: number;
  intervalMs: number;
}

/** Settles the heap (full collections until it stops shrinking) and reads it. */
async function settledHeap(): Promise<HeapFigures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  let last = Infinity;
  for (let i = 0; i < 6; i++) {
    gc?.();
    await new Promise((r) => setImmediate(r));
    const used = process.memoryUsage().heapUsed;
    if (used >= last * 0.999) break;
    last = used;
  }
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss, external: m.external, arrayBuffers: m.arrayBuffers };
}

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** Emits `count` events, `intervalMs` apart, each stamped with its send time; answers when the last has left. */
async function broadcastSeries(
  emit: (seq: number) => void,
  { count, intervalMs }: BroadcastParams,
): Promise<{ cpuMicros: number; wallMs: number }> {
  const cpu0 = cpuMicros();
  const t0 = wallMs();
  for (let seq = 1; seq <= count; seq++) {
    emit(seq);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return { cpuMicros: cpuMicros() - cpu0, wallMs: wallMs() - t0 };
}

function trackDisconnects(io: Server): Record<string, number> {
  const disconnects: Record<string, number> = {};
  io.on('connection', (socket) =>
    socket.on('disconnect', (reason) => (disconnects[reason] = (disconnects[reason] ?? 0) + 1)),
  );
  return disconnects;
}

async function appNode(): Promise<Handlers> {
  const config = loadConfig({
    NODE_ENV: env.BENCH_NODE_ENV ?? 'production',
    PORT: env.BENCH_PORT ?? '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: env.BENCH_PUBLIC_URL,
    MONGO_URL: env.BENCH_MONGO_URL,
    REDIS_URL: env.BENCH_REDIS_URL,
    REDIS_PREFIX: env.BENCH_REDIS_PREFIX,
    JWT_SECRET: BENCH_JWT_SECRET,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cw-bench-node-')),
    LOG_LEVEL: 'error',
    WORKERS: mode === 'worker' ? 'on' : 'off',
    // The overload part runs one node with the default load shedding and one with it off.
    ...(env.BENCH_LOAD_SHEDDING === 'off' ? { LOAD_SHED_MAX_IN_FLIGHT: '0' } : {}),
    // The overload curve (bench/overload-curve.ts) starts nodes with other limits.
    ...Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('LOAD_SHED_'))),
  });
  const runtime: Runtime = await startRuntime(config, {
    api: mode === 'app',
    workers: mode === 'worker',
    embedded: false,
    seed: false,
  });
  const platform = runtime.platform;
  const io = runtime.built?.io;
  const disconnects = io ? trackDisconnects(io) : {};
  process.on('SIGTERM', () => void runtime.stop().finally(() => process.exit(0)));

  const registered = async (name: string): Promise<UserDoc> => {
    const email = `bench-${randomBytes(6).toString('hex')}@bench.test`;
    const password = 'bench-password-123';
    const { code } = await register(platform, { name, email, password, confirmPassword: password, agreeTerms: true });
    return verifyRegistration(platform, email, code);
  };

  return {
    info: () => ({ url: runtime.url?.replace('localhost', '127.0.0.1'), pid: process.pid }),
    /**
     * `count` signed-in sales agents with their access tokens. The first signs up through the real services; the
     * others are copies of its document with their own id, e-mail and referral code, because scrypt sign-ups of
     * 10,000 users would cost minutes of CPU the machine does not have.
     */
    async makeUsers({ count }: { count: number }) {
      const template = await registered('Bench Agent 0');
      const users: UserDoc[] = [template];
      const tag = randomBytes(3).toString('hex');
      for (let i = 1; i < count; i++) {
        users.push({
          ...template,
          _id: new ObjectId(),
          email: `bench-${tag}-${i}@bench.test`,
          name: `Bench Agent ${i}`,
          referralCode: `B${tag}${i}`.toUpperCase(),
          avatarSeed: `bench-${tag}-${i}`,
        });
      }
      for (let i = 1; i < users.length; i += 1000)
        await usersCollection(platform.db).insertMany(users.slice(i, i + 1000));
      return users.map((u) => ({ id: u._id.toHexString(), token: signAccessToken(runtime.built!.app, u) }));
    },
    /** A sales agent with `leads` leads assigned in one campaign, an access token and a refresh cookie. */
    async setupAgent({ leads }: { leads: number }) {
      const agent = await registered('Bench Agent');
      let owner = await registered('Bench Owner');
      await assignRoleDirectly(platform, owner._id, 'owner');
      owner = (await findUserById(platform.db, owner._id))!;
      const campaign = await createCampaign(platform, owner, {
        name: `Bench Hotel ${randomBytes(3).toString('hex')}`,
        description: 'Benchmark campaign',
        status: 'active',
        roleNeeded: 'Both',
        payoutRange: '$500-$2500',
        commissionStructure: { opener: 10, closer: 15, fullStack: 30 },
      } as never);
      const now = new Date();
      const docs = Array.from({ length: leads }, (_, i) =>
        assignedLead(
          {
            campaignId: campaign.id,
            agentId: agent._id,
            name: `Lead ${i}`,
            email: `lead${i}@bench.test`,
            phone: `1555${String(1_000_000 + i).slice(1)}`,
            index: i,
          },
          now,
        ),
      );
      await insertLeads(platform.db, docs);
      const session = await startSession(platform, agent, false);
      return {
        token: signAccessToken(runtime.built!.app, agent),
        userId: agent._id.toHexString(),
        cookie: { name: 'cw_refresh', value: session.token },
      };
    },
    heap: settledHeap,
    stats: (): NodeStats => ({ sockets: io?.of('/').sockets.size ?? 0, cpuMicros: cpuMicros(), disconnects }),
    /** Through the product's only door to Socket.IO: platform.live, over the Redis Streams adapter. */
    broadcast: (params: BroadcastParams) =>
      broadcastSeries((seq) => platform.live.toRoom(Rooms.feed, SocketEvents.postLiked, likedPayload(seq)), params),
  };
}

async function bareIo(): Promise<Handlers> {
  const httpServer = createServer();
  const io = new Server(httpServer);
  const disconnects = trackDisconnects(io);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    info: () => ({ url, pid: process.pid }),
    heap: settledHeap,
    stats: (): NodeStats => ({ sockets: io.of('/').sockets.size, cpuMicros: cpuMicros(), disconnects }),
    broadcast: (params: BroadcastParams) =>
      broadcastSeries((seq) => io.emit(SocketEvents.postLiked, likedPayload(seq)), params),
  };
}

type RouteReads = (route: string, userId: ObjectId) => Promise<void>;

/** A bare Fastify server; with `reads`, each request first runs them (the reference for "what the database costs"). */
async function bareFastify(reads?: RouteReads): Promise<Handlers> {
  const app = Fastify({ logger: false });
  const bodies = new Map<string, unknown>();
  let userId = new ObjectId();
  // The routes the suite compares, each returning the document the app answered (set once the app has answered).
  for (const route of ['/api/me', '/api/leads']) {
    app.get(route, async () => {
      await reads?.(route, userId);
      return bodies.get(route);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    info: () => ({ url, pid: process.pid }),
    /** The same JSON documents the app answered, parsed, so Fastify serialises them on every request as the app does. */
    serve({ routes, user }: { routes: Record<string, string>; user?: string }) {
      for (const [route, json] of Object.entries(routes)) bodies.set(route, JSON.parse(json));
      if (user) userId = new ObjectId(user);
    },
  };
}

const bareHttp = () => bareFastify();

/** The reads the app's routes make, through the app's repositories: the signed-in user, then the page and its campaigns. */
/** The references: `/api/me` after one user read, `/api/leads` after one indexed read of the page. */
async function bareHttpWithReads(): Promise<Handlers> {
  const { db } = await connectDatabase(env.BENCH_MONGO_URL!, { warm: true });
  return bareFastify(async (route, userId) => {
    if (route === '/api/leads') await listLeads(db, { scope: { assignedTo: userId }, limit: 26 });
    else await findUserById(db, userId);
  });
}

async function bareWorker(): Promise<Handlers> {
  const connection = createRedis(env.BENCH_REDIS_URL!, 'bullmq');
  let processed = 0;
  const worker = new Worker(Queues.email, async () => void processed++, {
    connection,
    prefix: bullPrefix(env.BENCH_REDIS_PREFIX!),
    concurrency: 20,
  });
  await worker.waitUntilReady();
  return {
    info: () => ({ pid: process.pid }),
    stats: () => ({ processed, cpuMicros: cpuMicros() }),
  };
}

const builders: Record<string, () => Promise<Handlers>> = {
  app: appNode,
  worker: appNode,
  'bare-io': bareIo,
  'bare-http': bareHttp,
  'bare-http-db': bareHttpWithReads,
  'bare-worker': bareWorker,
};
const build = builders[mode];
if (!build) throw new Error(`unknown mode ${mode}`);
serveRpc(await build());
