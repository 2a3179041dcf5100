import type {} from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../server/platform/local-redis.js';
import { startSharedChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    /** The run's shared Chromium (tests/support/browser.ts `launchBrowser` connects to it). */
    chromiumEndpoint: string;
  }
}

/**
 * Browser tests run against the app started exactly as `npm start` starts it (built client and server,
 * embedded MongoDB-compatible server, redis-server child, in-process workers, demo data), in a fresh DATA_DIR, and
 * drive one Chromium started here for the whole run (a launch per file cost 1-2 s).
 */
export default async function setup(project: TestProject) {
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-browser-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '50',
      MONGO_URL: '',
      REDIS_URL: '',
      MAIL_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));

  const url = `http://127.0.0.1:${port}`;
  // Start-up (embedded database, Redis, demo seed) takes 35 s and more on a machine shared by many test runs.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok && output.includes('running at')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app did not become ready within 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('appUrl', url);
  const chromium = await startSharedChromium();
  project.provide('chromiumEndpoint', chromium.wsEndpoint());

  return async () => {
    await chromium.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
