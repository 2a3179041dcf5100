import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface LocalRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface LocalRedisOptions {
  /** Directory for the RDB and AOF files; omitted means no persistence at all (tests). */
  dir?: string;
  port?: number;
  /** Print redis-server's own log lines to this function. */
  log?: (line: string) => void;
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

/** Spawns Debian's redis-server as a child process bound to loopback, and waits until it answers PING. */
export async function startLocalRedis(options: LocalRedisOptions = {}): Promise<LocalRedis> {
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--save', ''];
  if (options.dir) {
    mkdirSync(options.dir, { recursive: true });
    args.push('--dir', options.dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '900 1');
  } else {
    args.push('--appendonly', 'no');
  }
  // BullMQ requires that Redis never evicts its keys.
  args.push('--maxmemory-policy', 'noeviction');

  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const failed = await Promise.race([
      spawnError.then((e) => e.message),
      exited.then((code) => `redis-server exited with code ${code}: ${output.slice(-3).join(' | ')}`),
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

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}

async function ping(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
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
