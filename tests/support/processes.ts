import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';

/** The state letter of /proc/<pid>/stat (R, S, Z...), or undefined once the process is gone. */
function stateOf(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** Whether the process runs (a zombie has ended: it only waits to be reaped). */
export function isRunning(pid: number): boolean {
  const found = stateOf(pid);
  return found !== undefined && found.state !== 'Z';
}

/** The running processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => {
      const found = stateOf(candidate);
      return found !== undefined && found.ppid === pid && found.state !== 'Z';
    });
}

/** Every live redis-server whose working directory (redis chdirs to its --dir) is `dir`. */
export function redisServersOn(dir: string): number[] {
  let target: string;
  try {
    target = realpathSync(dir);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'redis-server') continue;
      if (!isRunning(Number(entry))) continue;
      if (readlinkSync(`/proc/${entry}/cwd`) === target) found.push(Number(entry));
    } catch {
      // exited meanwhile, or not ours to look at
    }
  }
  return found;
}
