import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/platform/local-redis.js';

/** An app of a test file's own, started as `npm start` starts it (built server, embedded backends, demo data). */
export interface AppProcess {
  url: string;
  dataDir: string;
  /** Everything the current process printed (a restart starts a new one). */
  output: () => string;
  /**
   * A deploy: the process is stopped (SIGTERM, as a process manager does) and `npm start` runs again on the same port
   * and DATA_DIR, so its database, Redis and recordings are the ones it left. Resolves once the new process serves.
   */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

interface Running {
  child: ChildProcess;
  output: () => string;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => resolve(clearTimeout(timer)));
  });
}

async function startMain(
  url: string,
  env: NodeJS.ProcessEnv,
  readyWithinMs: number,
  onGiveUp: () => Promise<void>,
): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready && output.includes('running at')) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      await onGiveUp();
      throw new Error(`app did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, output: () => output };
}

/**
 * Starts `dist/server/main.js` in a fresh DATA_DIR with the test settings of the shared browser app plus `env` (a
 * setting the shared app does not have: PHONE_PROVIDER=sip, DIALER_ANSWER_DELAY_MS...), and resolves once it serves.
 */
export async function startAppProcess(
  env: Record<string, string>,
  options: { dataDirPrefix: string; readyWithinMs?: number },
): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dataDirPrefix));
  const url = `http://127.0.0.1:${port}`;
  const readyWithinMs = options.readyWithinMs ?? 80_000;
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '50',
    LOAD_SHED_MAX_IN_FLIGHT: '0',
    MONGO_URL: '',
    REDIS_URL: '',
    MAIL_URL: '',
    ...env,
  };
  // The app's redis-server child may still be writing its last files for a moment after the app exits (ENOTEMPTY):
  // Node retries such removals itself.
  const removeData = async () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  let running = await startMain(url, fullEnv, readyWithinMs, removeData);
  return {
    url,
    dataDir,
    output: () => running.output(),
    async restart() {
      await stopChild(running.child);
      running = await startMain(url, fullEnv, readyWithinMs, removeData);
    },
    async stop() {
      await stopChild(running.child);
      await removeData();
    },
  };
}
