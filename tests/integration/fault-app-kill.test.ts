import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/platform/local-redis.js';
import { eventually } from '../support/http.js';
import { redisServersOn } from '../support/processes.js';

// `npm start` (embedded MongoDB and its own redis-server) is SIGKILLed and started again at once, twice: a leftover
// redis-server is not joined by a second on the same data directory, and the embedded MongoDB takes its lock back
// from the killed process. Killed a third time with no restart, the app leaves no redis-server behind.
const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-app-kill-'));
const redisDir = path.join(dataDir, 'redis');
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const app of running) if (app.exitCode === null && app.signalCode === null) app.kill('SIGTERM');
  await eventually(
    async () => (running.every((a) => a.exitCode !== null || a.signalCode !== null) ? true : undefined),
    20_000,
  ).catch(() => undefined);
  await eventually(async () => (redisServersOn(redisDir).length === 0 ? true : undefined), 10_000).catch(
    () => undefined,
  );
  for (const pid of redisServersOn(redisDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startApp(port: number): Promise<{ app: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  delete env.MONGO_URL;
  delete env.REDIS_URL;
  const app = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(app);
  let output = '';
  app.stdout!.on('data', (c) => (output += c));
  app.stderr!.on('data', (c) => (output += c));
  return { app, output: () => output };
}

async function ready(port: number, started: { app: ChildProcess; output: () => string }): Promise<void> {
  await eventually(async () => {
    if (started.app.exitCode !== null)
      throw new Error(`the app exited with ${started.app.exitCode}: ${started.output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    return res?.status === 200 ? true : undefined;
  }, 60_000);
}

describe('the app SIGKILLed and started again within 1 s', () => {
  it('leaves exactly one redis-server on its DATA_DIR, the embedded MongoDB starts each time, and the last kill leaves none', async () => {
    const port = await freePort();
    let current = await startApp(port);
    await ready(port, current);
    expect(redisServersOn(redisDir)).toHaveLength(1);

    for (let kill = 1; kill <= 2; kill++) {
      const killedAt = Date.now();
      current.app.kill('SIGKILL');
      const previous = current;
      current = await startApp(port);
      expect(Date.now() - killedAt).toBeLessThan(1_000);
      await ready(port, current);
      expect(previous.app.signalCode).toBe('SIGKILL');
      expect(redisServersOn(redisDir), `after kill ${kill}: ${current.output()}`).toHaveLength(1);
      // The new app answers on its port (its API is up, not only /readyz).
      const ping = await fetch(`http://127.0.0.1:${port}/api/system/ping`, { method: 'POST' });
      expect(ping.status).toBe(401);
    }

    // Killed with nothing started after it: its redis-server goes by itself, as it does when nobody restarts the app.
    const [orphan] = redisServersOn(redisDir);
    current.app.kill('SIGKILL');
    await eventually(async () => (current.app.signalCode === 'SIGKILL' ? true : undefined), 5_000);
    await eventually(async () => (redisServersOn(redisDir).length === 0 ? true : undefined), 10_000);
    expect(redisServersOn(redisDir)).not.toContain(orphan);
  }, 240_000);
});
