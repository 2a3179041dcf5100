import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../../server/platform/config.js';
import { createLogger } from '../../server/platform/logger.js';
import { startRuntime } from '../../server/runtime.js';
import type { TestApp } from '../../tests/support/app.js';
import { startBackends } from '../../tests/support/backends.js';

/**
 * The app started as `npm start` starts it (API, Socket.IO and the features' workers) in the bench's own process,
 * without the client's files (`serveClient`: with the built client, dist/client), on a database and Redis prefix of its own. Load shedding is off: the benches measure
 * the app at full load, where shedding would refuse the set-up burst instead. `shim` lets the test factories use it.
 */
export async function startInProcessApp(
  dataDir: string,
  env: Record<string, string> = {},
  options: { serveClient?: boolean } = {},
) {
  const backends = await startBackends();
  const id = randomBytes(4).toString('hex');
  const mongoUrl = new URL(backends.mongoUrl);
  mongoUrl.pathname = `/cw_bench_${id}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    MONGO_URL: mongoUrl.toString(),
    REDIS_URL: backends.redisUrl,
    REDIS_PREFIX: `b${id}`,
    LOG_LEVEL: 'error',
    LOAD_SHED_MAX_IN_FLIGHT: '0',
    ...env,
  });
  const runtime = await startRuntime(config, {
    api: true,
    workers: true,
    embedded: false,
    seed: false,
    serveClient: options.serveClient ?? false,
    clientDir: path.resolve(import.meta.dirname, '../../dist/client'),
    log: createLogger(config.logLevel, 'bench'),
  });
  const url = runtime.url!;
  const shim = { ...runtime.built!, url, config } as unknown as TestApp;
  return { backends, runtime, url, db: runtime.platform.db, shim };
}
