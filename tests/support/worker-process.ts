import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import type { TestApp } from './app.js';

/**
 * A real `npm run worker` process (from source, through tsx) on the test app's database and Redis prefix,
 * so a fault test can SIGKILL it in the middle of its jobs. `entry`: another entry point, e.g.
 * tests/support/worker-main-fast-dialer.ts (the same workers with a faster dialer simulator).
 */
export function spawnWorkerProcess(
  testApp: TestApp,
  env: Record<string, string> = {},
  entry = 'workers/main.ts',
): ChildProcess & { output: () => string } {
  const mongoUrl = new URL(inject('mongoUrl'));
  mongoUrl.pathname = `/${testApp.platform.db.databaseName}`;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      MONGO_URL: mongoUrl.toString(),
      REDIS_URL: testApp.redisUrl,
      REDIS_PREFIX: testApp.config.redisPrefix,
      JWT_SECRET: testApp.config.jwtSecret,
      DATA_DIR: testApp.config.dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  return Object.assign(child, { output: () => output });
}
