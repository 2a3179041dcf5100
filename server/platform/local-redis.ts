import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pidFileIn, stopLeftovers } from './local-redis-leftovers.js';

export interface LocalRedis {
  url: string;
  port: number;
  /** The redis-server answering now (it changes when the supervisor restarts it); undefined while it is down. */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export type LocalRedisEvent =
  | { type: 'exited'; pid: number; code: number | null; signal: NodeJS.Signals | null }
  | { type: 'restarted'; pid: number; attempt: number }
  | { type: 'restart-failed'; attempt: number; error: Error };

export interface LocalRedisOptions {
  /** Directory for the RDB and AOF files; omitted means no persistence at all (tests). */
  dir?: string;
  port?: number;
  /** Print redis-server's own log lines to this function. */
  log?: (line: string) => void;
  /** The supervisor's view: the server died, came back, or could not be brought back yet. */
  onEvent?: (event: LocalRedisEvent) => void;
  /** Waits before the 1st, 2nd, ... restart of a server that keeps dying (the last one repeats). */
  restartDelaysMs?: number[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Back-off between restarts of a redis-server that keeps dying; reset once one has stayed up for a minute. */
const RESTART_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 4_000];
const STABLE_AFTER_MS = 60_000;

/**
 * The child must not outlive this process (an orphan would keep the AOF open while the next run starts another
 * server on it). redis-server cannot ask for that itself and node cannot set it between fork and exec, so the
 * child is started through util-linux `setpriv --pdeathsig`, which sets PR_SET_PDEATHSIG and execs redis-server:
 * the kernel then sends it SIGTERM (a clean AOF flush) when this process dies, however it dies, with no helper
 * process and no polling. Without setpriv (not Linux) the next start still finds and stops a leftover server.
 */
function watchdogPrefix(): string[] {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    try {
      accessSync(path.join(dir, 'setpriv'), constants.X_OK);
      return ['setpriv', '--pdeathsig', 'TERM', '--'];
    } catch {
      // not in this directory
    }
  }
  return [];
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

/**
 * Spawns Debian's redis-server as a child process bound to loopback, waits until it answers PING, and supervises
 * it: a server that dies is restarted with back-off on the same port, data directory and AOF, so the app's
 * connections (which retry) resume by themselves.
 */
export async function startLocalRedis(options: LocalRedisOptions = {}): Promise<LocalRedis> {
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--save', ''];
  if (options.dir) {
    // redis-server chdirs to --dir before it reads --pidfile: both must be absolute.
    const dir = path.resolve(options.dir);
    mkdirSync(dir, { recursive: true });
    await stopLeftovers(dir, options.log);
    args.push(
      '--dir',
      dir,
      '--pidfile',
      pidFileIn(dir),
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '900 1',
    );
  } else {
    args.push('--appendonly', 'no');
  }
  // BullMQ requires that Redis never evicts its keys.
  args.push('--maxmemory-policy', 'noeviction');
  const [command, ...prefix] = [...watchdogPrefix(), 'redis-server'];
  const url = `redis://127.0.0.1:${port}`;

  let current: Running | undefined;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let relaunching: Promise<Running> | undefined;

  const launch = async (): Promise<Running> => {
    const child: ChildProcess = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        output.push(line);
        if (output.length > 50) output.shift();
        options.log?.(line);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const exitInfo = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

    const deadline = Date.now() + 10_000;
    for (;;) {
      const failed = await Promise.race([
        spawnError.then((e) => e.message),
        exitInfo.then(({ code }) => `redis-server exited with code ${code}: ${output.slice(-3).join(' | ')}`),
        ping(url).then((ok) => (ok ? null : undefined)),
      ]);
      if (failed === null) break;
      if (typeof failed === 'string') throw new Error(failed);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`redis-server did not answer on port ${port} within 10 s`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const running: Running = { child, exited: exitInfo.then(() => undefined) };
    const startedAt = Date.now();
    void exitInfo.then(({ code, signal }) => {
      if (stopping) return;
      current = undefined;
      options.onEvent?.({ type: 'exited', pid: child.pid!, code, signal });
      restartAttempts = Date.now() - startedAt > STABLE_AFTER_MS ? 0 : restartAttempts;
      scheduleRestart();
    });
    return running;
  };

  let restartAttempts = 0;
  const scheduleRestart = () => {
    if (stopping) return;
    const delays = options.restartDelaysMs?.length ? options.restartDelaysMs : RESTART_DELAYS_MS;
    const delay = delays[Math.min(restartAttempts, delays.length - 1)];
    restartAttempts += 1;
    const attempt = restartAttempts;
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      relaunching = launch();
      relaunching.then(
        (running) => {
          relaunching = undefined;
          current = running;
          if (!stopping) options.onEvent?.({ type: 'restarted', pid: running.child.pid!, attempt });
        },
        (error: Error) => {
          relaunching = undefined;
          options.onEvent?.({ type: 'restart-failed', attempt, error });
          scheduleRestart();
        },
      );
    }, delay);
  };

  current = await launch();

  return {
    url,
    port,
    get pid() {
      return current?.child.pid;
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(restartTimer);
        // A restart under way finishes first, so the server it starts is stopped too.
        await relaunching?.catch(() => undefined);
        const running = current;
        if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
        running.child.kill('SIGTERM');
        const timer = setTimeout(() => running.child.kill('SIGKILL'), 5_000);
        await running.exited;
        clearTimeout(timer);
        current = undefined;
      })();
      return stopped;
    },
  };
}

async function ping(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 500,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
