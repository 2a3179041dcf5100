import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/platform/local-redis.js';
import { eventually } from '../support/http.js';
import { childrenOf, isRunning, redisServersOn } from '../support/processes.js';

// `npm start`'s supervisor (scripts/supervise.mjs, which scripts/start.mjs runs the built app under) is SIGKILLed:
// the app it started, and the app's redis-server, are gone within a few seconds instead of running on unsupervised.
// The app runs from source here (the supervisor is the same; start.mjs only builds first).
const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-wrapper-kill-'));
const redisDir = path.join(dataDir, 'redis');
let supervisor: ChildProcess | undefined;
let appPid: number | undefined;

afterAll(async () => {
  if (supervisor && supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill('SIGKILL');
  if (appPid && isRunning(appPid)) process.kill(appPid, 'SIGKILL');
  await eventually(async () => (redisServersOn(redisDir).length === 0 ? true : undefined), 10_000).catch(
    () => undefined,
  );
  for (const pid of redisServersOn(redisDir)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the npm start supervisor SIGKILLed', () => {
  it('takes the app and its redis-server with it within a few seconds', async () => {
    const port = await freePort();
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
    supervisor = spawn(process.execPath, ['scripts/supervise.mjs', '--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    supervisor.stdout!.on('data', (c) => (output += c));
    supervisor.stderr!.on('data', (c) => (output += c));
    await eventually(async () => {
      if (supervisor!.exitCode !== null)
        throw new Error(`the supervisor exited with ${supervisor!.exitCode}: ${output}`);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      return res?.status === 200 ? true : undefined;
    }, 90_000);
    const apps = childrenOf(supervisor.pid!);
    expect(apps).toHaveLength(1);
    appPid = apps[0];
    const redis = redisServersOn(redisDir);
    expect(redis).toHaveLength(1);

    supervisor.kill('SIGKILL');
    await eventually(async () => (supervisor!.signalCode === 'SIGKILL' ? true : undefined), 5_000);
    await eventually(
      async () => (!isRunning(appPid!) && redisServersOn(redisDir).length === 0 ? true : undefined),
      10_000,
    ).catch(() => undefined);
    expect({ app: isRunning(appPid), redisServers: redisServersOn(redisDir) }, output).toEqual({
      app: false,
      redisServers: [],
    });
    expect(
      await fetch(`http://127.0.0.1:${port}/readyz`)
        .then((r) => r.status)
        .catch(() => 'refused'),
    ).toBe('refused');
  }, 180_000);
});
