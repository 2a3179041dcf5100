import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startLocalRedis, type LocalRedis } from '../../server/platform/local-redis.js';
import { pidFileIn, running } from '../../server/platform/local-redis-leftovers.js';
import { eventually } from '../support/http.js';

// What the start of a local redis-server does with what an earlier run left on the same data directory.
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-redis-leftovers-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function keep<T extends ChildProcess | LocalRedis>(thing: T): T {
  cleanups.push(() => ('kill' in thing ? thing.kill('SIGKILL') : thing.stop()));
  return thing;
}

describe('a redis-server left on the data directory', () => {
  it('is stopped before a new one starts there, even without a pid file (one per directory)', async () => {
    const dir = tempDir();
    // As an earlier version left it: no parent-death signal, no pid file.
    const port = await freePort();
    const stray = keep(
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''], {
        stdio: 'ignore',
      }),
    );
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 50 });
    probe.on('error', () => {});
    cleanups.push(() => probe.disconnect());
    await eventually(async () => ((await probe.ping().catch(() => undefined)) === 'PONG' ? true : undefined));
    const redis = keep(await startLocalRedis({ dir }));
    expect(stray.exitCode !== null || stray.signalCode !== null || !running(stray.pid!)).toBe(true);
    expect(redis.pid).not.toBe(stray.pid);
  });

  it('a stale pid file naming another process stops nothing', async () => {
    const dir = tempDir();
    const bystander = keep(spawn('sleep', ['60'], { stdio: 'ignore' }));
    writeFileSync(pidFileIn(dir), `${bystander.pid}\n`);
    const redis = keep(await startLocalRedis({ dir }));
    expect(running(bystander.pid!)).toBe(true);
    expect(bystander.exitCode).toBeNull();
    expect(redis.pid).toBeGreaterThan(0);
  });

  it('the supervisor does not restart a server that was stopped on purpose', async () => {
    const events: string[] = [];
    const redis = await startLocalRedis({ dir: tempDir(), onEvent: (e) => events.push(e.type) });
    const pid = redis.pid!;
    await redis.stop();
    expect(running(pid)).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual([]);
    expect(redis.pid).toBeUndefined();
  });
});
