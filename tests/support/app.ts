import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/events.js';
import type { BuiltApp } from '../../server/app.js';
import type { Clock } from '../../server/platform/clock.js';
import { loadConfig, type Config } from '../../server/platform/config.js';
import type { Platform } from '../../server/platform/context.js';
import { createLogger } from '../../server/platform/logger.js';
import { startRuntime } from '../../server/runtime.js';
import type { SimulatorOptions } from '../../server/platform/telephony/simulator.js';
import type { RunningWorkers } from '../../workers/index.js';

/** A socket.io client typed by the event catalogue, as the browser's is. */
export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestApp extends BuiltApp {
  url: string;
  config: Config;
  redisUrl: string;
  /** Names this deployment's database and Redis prefix; a second node of it shares them. */
  deploymentId: string;
  workers?: RunningWorkers;
  /** A socket.io client authenticated with this access token, connected to this app. */
  socket(token: string): Promise<TestSocket>;
  /** `keepData`: leave the database to the deployment's other nodes. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  /** Run the BullMQ workers in this process too (default true). */
  workers?: boolean;
  env?: Record<string, string>;
  /** A Redis of the test's own (fault tests restart it); default: the run's shared one. */
  redisUrl?: string;
  /** Another API node of the same deployment: same database, Redis prefix and JWT secret. */
  nodeOf?: TestApp;
  /** The dialer simulator's options (e.g. `{ speed: 10 }` for tests that do not assert the spec's timings). */
  simulator?: SimulatorOptions;
  /** Every log line of the app and its in-process workers, at every level, through the production logger's rules. */
  logTo?: DestinationStream;
}

/**
 * Boots the whole app through the same `startRuntime()` as `npm start` and `npm run api`, on the real backends
 * tests/support/global-setup.ts chose, on an ephemeral port, in its own database and Redis key prefix so test files
 * never see each other's data.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const id = options.nodeOf ? options.nodeOf.deploymentId : randomBytes(4).toString('hex');
  const mongoUrl = new URL(inject('mongoUrl'));
  mongoUrl.pathname = `/cw_test_${id}`;
  const redisUrl = options.redisUrl ?? options.nodeOf?.redisUrl ?? inject('redisUrl');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cw-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    MONGO_URL: mongoUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `t${id}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // What a test asserts must not depend on how loaded the machine is; the overload test turns shedding on.
    LOAD_SHED_MAX_IN_FLIGHT: '0',
    ...options.env,
  });
  const runtime = await startRuntime(config, {
    api: true,
    workers: options.workers !== false,
    embedded: false,
    seed: false,
    serveClient: false,
    clock: options.clock,
    log: createLogger(options.logTo ? 'trace' : config.logLevel, 'test', options.logTo),
    phone: { simulator: options.simulator },
  });
  const built = runtime.built!;
  const url = runtime.url!;

  const sockets: TestSocket[] = [];
  return {
    ...built,
    url,
    config,
    redisUrl,
    deploymentId: id,
    workers: runtime.workers,
    async socket(token: string) {
      const socket: TestSocket = connectSocket(url, {
        auth: { token },
        transports: ['websocket'],
        reconnection: true,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close(closeOptions = {}) {
      for (const s of sockets) s.disconnect();
      await runtime.stop({ dropDatabase: !options.nodeOf && !closeOptions.keepData });
    },
  };
}

export type { Platform };
