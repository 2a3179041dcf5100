import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { buildApp, type BuiltApp } from '../../server/app.js';
import { features as allFeatures } from '../../server/features/index.js';
import type { Feature } from '../../server/features/feature.js';
import { systemClock, type Clock } from '../../server/platform/clock.js';
import { loadConfig, type Config } from '../../server/platform/config.js';
import type { Platform } from '../../server/platform/context.js';
import { connectDatabase } from '../../server/platform/db.js';
import { createLogger } from '../../server/platform/logger.js';
import { closeQueues, createQueues } from '../../server/platform/queues.js';
import { createRedis } from '../../server/platform/redis.js';
import { createPhoneProvider } from '../../server/features/dialer/provider.js';
import type { SimulatorOptions } from '../../server/features/dialer/simulator.js';
import { startWorkers, type RunningWorkers } from '../../workers/index.js';

export interface TestApp extends BuiltApp {
  url: string;
  config: Config;
  redisUrl: string;
  /** Names this deployment's database and Redis prefix; a second node of it shares them. */
  deploymentId: string;
  workers?: RunningWorkers;
  /** A socket.io client authenticated with this access token, connected to this app. */
  socket(token: string): Promise<Socket>;
  /** `keepData`: leave the database to the deployment's other nodes. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  features?: Feature[];
  /** Run the BullMQ workers in this process too (default true). */
  workers?: boolean;
  env?: Record<string, string>;
  /** A Redis of the test's own (fault tests restart it); default: the run's shared one. */
  redisUrl?: string;
  /** Another API node of the same deployment: same database, Redis prefix and JWT secret. */
  nodeOf?: TestApp;
  /** The dialer simulator's options (e.g. `{ speed: 10 }` for tests that do not assert the spec's timings). */
  simulator?: SimulatorOptions;
}

/**
 * Boots the whole app on real backends (the ones tests/support/global-setup.ts chose), on an
 * ephemeral port, in its own database and Redis key prefix so test files never see each other's data.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const id = options.nodeOf ? options.nodeOf.deploymentId : randomBytes(4).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cw-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    REDIS_PREFIX: `t${id}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  const log = createLogger(config.logLevel, 'test');
  const database = await connectDatabase(inject('mongoUrl'), { dbName: `cw_test_${id}` });
  const redisUrl = options.redisUrl ?? options.nodeOf?.redisUrl ?? inject('redisUrl');
  const redis = createRedis(redisUrl, 'commands');
  const bull = createRedis(redisUrl, 'bullmq');
  const adapterRedis = createRedis(redisUrl, 'adapter');
  const features = options.features ?? allFeatures;
  for (const feature of features) await feature.indexes?.(database.db);
  const queues = createQueues(bull, config.redisPrefix);

  const built = await buildApp(
    { config, db: database.db, redis, queues, clock: options.clock ?? systemClock, log, adapterRedis, phone: createPhoneProvider(config, queues, { simulator: options.simulator }) },
    { features, serveClient: false },
  );
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  let workers: RunningWorkers | undefined;
  let workerRedis: ReturnType<typeof createRedis> | undefined;
  if (options.workers !== false) {
    workerRedis = createRedis(redisUrl, 'bullmq');
    workers = startWorkers(built.platform, workerRedis);
  }

  const sockets: Socket[] = [];
  return {
    ...built,
    url,
    config,
    redisUrl,
    deploymentId: id,
    workers,
    async socket(token: string) {
      const socket = connectSocket(url, { auth: { token }, transports: ['websocket'], reconnection: true, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close(closeOptions = {}) {
      for (const s of sockets) s.disconnect();
      await workers?.close();
      await built.app.close();
      await closeQueues(queues);
      if (!options.nodeOf && !closeOptions.keepData) await database.db.dropDatabase().catch(() => {});
      await database.close();
      for (const client of [redis, bull, adapterRedis, workerRedis]) client?.disconnect();
    },
  };
}

export type { Platform };
