// mongod.lock after a SIGKILL: the killed holder is a zombie until its parent reaps it, and must count as dead.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../../server/embedded/mongo/index.js';
import { eventually } from '../support/http.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const procState = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return 'gone';
  }
};

describe('mongod.lock', () => {
  it('is taken over from a holder that was killed but not yet reaped (a zombie)', async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-lock-'));
    cleanups.push(() => fs.rmSync(dbPath, { recursive: true, force: true }));
    // The holder's parent is a `sleep` that never reaps it: after SIGKILL it stays a zombie while the test runs.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    cleanups.push(() => parent.kill('SIGKILL'));
    const holder = Number(
      await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d).trim()))),
    );
    fs.writeFileSync(path.join(dbPath, 'mongod.lock'), `${holder}\n`);
    execFileSync('kill', ['-KILL', String(holder)]);
    await eventually(async () => (procState(holder) === 'Z' ? true : undefined), 5_000);

    const server = await startEmbeddedMongo({ dbPath });
    cleanups.push(() => server.stop());
    expect(fs.readFileSync(path.join(dbPath, 'mongod.lock'), 'utf8').trim()).toBe(String(process.pid));
  });

  it('still refuses a dbPath whose holder is alive', async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-lock-'));
    cleanups.push(() => fs.rmSync(dbPath, { recursive: true, force: true }));
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => holder.kill('SIGKILL'));
    fs.writeFileSync(path.join(dbPath, 'mongod.lock'), `${holder.pid}\n`);
    await expect(startEmbeddedMongo({ dbPath })).rejects.toThrow(`is in use by process ${holder.pid}`);
  });
});
