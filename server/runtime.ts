import path from 'node:path';
import { buildApp, type BuiltApp } from './app.js';
import { startEmbeddedMongo } from './embedded/mongo/index.js';
import { features } from './features/index.js';
import type { FeatureProcess } from './features/feature.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { Platform } from './platform/context.js';
import { connectDatabase, type Database } from './platform/db.js';
import { liveEventsFrom } from './platform/live-events.js';
import { startNodeCaches } from './platform/node-cache.js';
import { redisPresence } from './platform/presence.js';
import { startLocalRedis } from './platform/local-redis.js';
import { createLogger, type Logger } from './platform/logger.js';
import { closeQueues, createQueues } from './platform/queues.js';
import { createRedis } from './platform/redis.js';
import { createHeadlessSocketServer } from './platform/sockets.js';
import { seedDemoData } from './seed/index.js';
import { startLocalCarrier } from './platform/telephony/local-carrier.js';
import { pinAppSipEndpoint } from './platform/telephony/inbound-caller.js';
import {
  createPhoneProvider,
  ensurePhoneProviderAvailable,
  PhoneProviderUnavailable,
  type PhoneProviderOptions,
} from './platform/telephony/phone-providers.js';
import type { Processor } from 'bullmq';
import { startQueueWorker, startWorkers, type RunningWorkers } from '../workers/index.js';

export interface RuntimeOptions {
  api: boolean;
  workers: boolean;
  /** Start the embedded MongoDB-compatible server / a redis-server child when MONGO_URL / REDIS_URL are unset. */
  embedded: boolean;
  seed: boolean;
  clock?: Clock;
  log?: Logger;
  /** The phone provider's build options (a faster simulator for fault tests). */
  phone?: PhoneProviderOptions;
  /** false: the API without the client's files (tests, benchmarks). */
  serveClient?: boolean;
  /** The built client to serve when not found beside the server (a benchmark run from the sources serves dist/client). */
  clientDir?: string;
}

export interface Runtime {
  url?: string;
  built?: BuiltApp;
  platform: Platform;
  workers?: RunningWorkers;
  /** `dropDatabase`: delete this deployment's database before closing its connection (tests, benchmarks). */
  stop(options?: { dropDatabase?: boolean }): Promise<void>;
}

/** A failure an operator can act on: printed as one sentence, exit code 1. */
export class StartupError extends Error {}

async function withTimeout<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new StartupError(`${what} did not answer within ${ms / 1000} s.`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startRuntime(startConfig: Config, options: RuntimeOptions): Promise<Runtime> {
  let config = startConfig;
  const log = options.log ?? createLogger(config.logLevel, options.api ? 'api' : 'worker');
  const stops: Array<() => Promise<unknown> | unknown> = [];
  let dropDatabase = false;
  const stopAll = async (stopOptions: { dropDatabase?: boolean } = {}) => {
    dropDatabase = stopOptions.dropDatabase === true;
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        log.warn({ err: error }, 'error while stopping');
      }
    }
  };

  try {
    try {
      ensurePhoneProviderAvailable(config);
    } catch (error) {
      throw error instanceof PhoneProviderUnavailable ? new StartupError(error.message) : error;
    }
    let mongoUrl = config.mongoUrl;
    if (!mongoUrl) {
      if (!options.embedded)
        throw new StartupError(
          'MONGO_URL must be set for this process (e.g. mongodb://127.0.0.1:27017/commission_warriors).',
        );
      const embedded = await startEmbeddedMongo({
        dbPath: path.join(config.dataDir, 'mongo'),
        log: (msg) => log.debug({ component: 'embedded-mongo' }, msg),
      });
      stops.push(() => embedded.stop());
      mongoUrl = embedded.uri;
      log.info({ uri: embedded.uri }, 'embedded MongoDB-compatible server started');
    }

    let redisUrl = config.redisUrl;
    if (!redisUrl) {
      if (!options.embedded)
        throw new StartupError('REDIS_URL must be set for this process (e.g. redis://127.0.0.1:6379).');
      const local = await startLocalRedis({
        dir: path.join(config.dataDir, 'redis'),
        log: (line) => log.debug({ component: 'redis-server' }, line),
        onEvent: (event) => {
          if (event.type === 'exited')
            log.error({ component: 'redis-server', ...event }, 'redis-server died; restarting it');
          else if (event.type === 'restarted')
            log.warn({ component: 'redis-server', ...event }, 'redis-server restarted');
          else
            log.error(
              { component: 'redis-server', attempt: event.attempt, err: event.error },
              'redis-server did not restart; trying again',
            );
        },
      });
      stops.push(() => local.stop());
      redisUrl = local.url;
      log.info({ url: local.url }, 'redis-server started');
    }

    let database: Database;
    try {
      database = await withTimeout(
        'MongoDB',
        8_000,
        connectDatabase(mongoUrl, { timeoutMs: 5_000, warm: config.env === 'production' }),
      );
    } catch (error) {
      throw new StartupError(`Cannot reach MongoDB at ${redact(mongoUrl)}: ${(error as Error).message.split('\n')[0]}`);
    }
    stops.push(async () => {
      if (dropDatabase) await database.db.dropDatabase().catch(() => {});
      await database.close();
    });

    const redis = createRedis(redisUrl, 'commands', {
      retryStrategy: (times) => (times > 3 ? Math.min(times * 200, 1_000) : 200),
    });
    stops.push(() => redis.disconnect());
    try {
      await withTimeout('Redis', 5_000, redis.ping());
    } catch (error) {
      throw new StartupError(`Cannot reach Redis at ${redact(redisUrl)}: ${(error as Error).message}`);
    }
    const bullConnection = createRedis(redisUrl, 'bullmq');
    stops.push(() => bullConnection.disconnect());
    const adapterRedis = createRedis(redisUrl, 'adapter');
    stops.push(() => adapterRedis.disconnect());

    for (const feature of features) await feature.indexes?.(database.db);

    const queues = createQueues(bullConnection, config.redisPrefix, (error) =>
      log.warn({ err: error }, 'queue connection error'),
    );
    stops.push(() => closeQueues(queues));
    if (config.phoneProvider === 'sip' && !config.sip.proxy && options.api) {
      // PHONE_PROVIDER=sip with no SIP_PROXY: this API process runs the local carrier (Janus + the SIPp lead phone).
      const carrier = await startLocalCarrier({ dataDir: config.dataDir });
      stops.push(() => carrier.stop());
      config = {
        ...config,
        sip: { ...config.sip, janusUrl: carrier.janusUrl, janusApiSecret: carrier.apiSecret, proxy: carrier.sipUri },
      };
      // The carrier's inbound calls (`npm run inbound-call`) find this process's SIP stack there.
      if (config.sip.callModel === 'room')
        config = { ...config, sip: await pinAppSipEndpoint(carrier.dir, config.sip) };
      log.info({ janus: carrier.janusUrl, sip: carrier.sipUri }, 'local carrier started');
    }
    const phone = createPhoneProvider(config, queues, { ...options.phone, log });
    if (phone.close) stops.push(() => phone.close?.());
    const base = { config, db: database.db, redis, queues, clock: options.clock ?? systemClock, log, phone };

    let built: BuiltApp | undefined;
    let platform: Platform;
    if (options.api) {
      built = await buildApp(
        { ...base, adapterRedis },
        { serveClient: options.serveClient, clientDir: options.clientDir },
      );
      platform = built.platform;
    } else {
      const io = createHeadlessSocketServer(adapterRedis, config.redisPrefix);
      // A headless server has no engine, so `io.close()` would throw; its adapter stops with its Redis connection.
      stops.push(() => io.of('/').adapter.close());
      const nodeCaches = startNodeCaches(database.db, redis, config.redisPrefix, (error) =>
        log.warn({ err: error }, 'node cache subscription failed'),
      );
      stops.push(() => nodeCaches.stop());
      platform = { ...base, live: liveEventsFrom(io, redisPresence(redis, config.redisPrefix)) };
    }

    const thisProcess: FeatureProcess = {
      api: options.api,
      workQueue: (name, processor, concurrency) => {
        const connection = createRedis(redisUrl, 'bullmq');
        const worker = startQueueWorker(platform, connection, name, processor as Processor, concurrency);
        return async () => {
          await worker.close();
          connection.disconnect();
        };
      },
    };
    for (const feature of features) {
      const stop = await feature.start?.(platform, thisProcess);
      if (stop) stops.push(stop);
    }

    if (options.seed) await seedDemoData(platform);

    let workers: RunningWorkers | undefined;
    if (options.workers) {
      const workerConnection = createRedis(redisUrl, 'bullmq');
      stops.push(() => workerConnection.disconnect());
      workers = startWorkers(platform, workerConnection);
      stops.push(() => workers!.close());
    }

    let url: string | undefined;
    if (built) {
      const app = built.app;
      try {
        await app.listen({ port: config.port, host: config.host });
      } catch (error) {
        throw new StartupError(`Cannot listen on port ${config.port}: ${(error as Error).message}`);
      }
      // Stop accepting first, then drain sockets and requests.
      stops.push(() => app.close());
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      url = `http://${urlHost(config.host)}:${port}`;
    }

    return { url, built, platform, workers, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A wildcard address is reached on localhost; a given one (tests listen on 127.0.0.1) as itself. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** Stops the runtime on SIGINT/SIGTERM and exits; the returned function does the same for another reason. */
export function registerShutdown(runtime: { stop(): Promise<void> }, log: Logger): (reason: string) => void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return shutdown;
}
