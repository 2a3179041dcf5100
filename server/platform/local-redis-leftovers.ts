import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** redis-server writes it on start and removes it on a clean shutdown; a SIGKILL leaves it behind. */
export const pidFileIn = (dir: string) => path.join(dir, 'redis-server.pid');

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function state(pid: number): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

/** Alive and not a zombie (a killed process is one until its parent reaps it). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const s = state(pid);
  return s !== 'Z' && s !== 'X' && (s !== undefined || !existsSync('/proc/self/stat'));
}

/**
 * A pid names our redis-server only if that process is a redis-server working in `dir` (redis chdirs to `--dir`):
 * a pid file can outlive its process, and the pid may since belong to something else.
 */
function isRedisServerIn(pid: number, dir: string): boolean {
  if (pid === process.pid || !running(pid)) return false;
  const cmdline = read(`/proc/${pid}/cmdline`);
  if (!cmdline?.split(/[\0 ]/)[0]?.endsWith('redis-server') && read(`/proc/${pid}/comm`)?.trim() !== 'redis-server')
    return false;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(dir);
  } catch {
    return false;
  }
}

/**
 * redis-server processes left on `dir` by an earlier run that died without stopping them: the pid file's, and on
 * Linux any other redis-server working there (one started before pid files, or whose file was lost).
 */
export function leftoverRedisServers(dir: string): number[] {
  const candidates = new Set<number>();
  const fromFile = Number(read(pidFileIn(dir))?.trim());
  if (Number.isInteger(fromFile) && fromFile > 0) candidates.add(fromFile);
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    // No procfs: the pid file is all there is.
  }
  for (const entry of entries)
    if (/^\d+$/.test(entry) && read(`/proc/${entry}/comm`)?.trim() === 'redis-server') candidates.add(Number(entry));
  return [...candidates].filter((pid) => isRedisServerIn(pid, dir));
}

async function gone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** SIGTERM lets redis-server flush its AOF before exiting; SIGKILL only if it does not within 5 s. */
export async function stopLeftovers(dir: string, log?: (line: string) => void): Promise<void> {
  for (const pid of leftoverRedisServers(dir)) {
    log?.(`stopping redis-server ${pid} left on ${dir} by an earlier run`);
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      continue;
    }
    if (await gone(pid, 5_000)) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      continue;
    }
    if (!(await gone(pid, 2_000)))
      throw new Error(`redis-server ${pid} left on ${dir} by an earlier run does not stop`);
  }
}
