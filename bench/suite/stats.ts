import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** One figure over several runs: the median, with the smallest and largest run. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function spread(runs: number[]): Spread {
  const clean = runs.filter((v) => Number.isFinite(v));
  if (clean.length === 0) return { median: NaN, min: NaN, max: NaN, runs };
  const sorted = [...clean].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs };
}

/** Nearest-rank percentile of already sorted values. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function percentiles(values: ArrayLike<number>, ps: number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  return ps.map((p) => percentileOfSorted(sorted, p));
}

/** CPU seconds (user + system) a process has used, from /proc (Linux only). */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes of this machine. */
export const wallMs = () => performance.timeOrigin + performance.now();

export function machineLoad(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  }
}
