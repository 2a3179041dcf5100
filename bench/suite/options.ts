import { parseArgs } from 'node:util';
import type { Backends } from './processes.js';
import type { Figure } from './results.js';

/** The server secret of the suite's app and worker nodes; the jobs part seals e-mails with it as an API node would. */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

export const PARTS = ['sockets', 'fanout', 'http', 'jobs', 'bundle', 'insights', 'overload'] as const;
export type PartName = (typeof PARTS)[number];

export const INSIGHT_ENDPOINTS = ['earnings', 'calls', 'funnel', 'team', 'campaigns'] as const;
export const INSIGHT_PERIODS = ['last-4-weeks', 'last-3-months'] as const;

/** Scaled-down defaults, so `npm run bench` finishes in a few minutes; the flags give the full sizes. */
export interface Options {
  only: PartName[];
  /** How many times each measured figure is taken (the median is reported). */
  runs: number;
  /** Socket client processes. */
  clientProcesses: number;
  sockets: number;
  holdMinutes: number;
  fanoutSizes: number[];
  crossNodeSockets: number;
  broadcasts: number;
  broadcastIntervalMs: number;
  connections: number;
  durationSeconds: number;
  jobs: number;
  lcpRuns: number;
  /** (f) the endpoints and periods measured. */
  insightEndpoints: Array<(typeof INSIGHT_ENDPOINTS)[number]>;
  insightPeriods: Array<(typeof INSIGHT_PERIODS)[number]>;
  build: boolean;
  /** Print the figures only: no results file, no docs/performance.md (smoke runs). */
  dryRun: boolean;
}

export const USAGE = `npm run bench [-- options]
  --only <parts>            comma-separated: ${PARTS.join(', ')} (default: all)
  --runs <n>                runs per figure, median reported (default 3)
  --client-processes <n>    processes holding the client sockets (default 2)
  (a) --sockets <n>         authenticated sockets held by one API node (default 1000; issue: 10000)
      --hold-minutes <m>    how long they are held (default 0.25; issue: 15)
  (b) --fanout-sizes <list> sockets per broadcast (default 500,1000; issue: 1000,4000,5000)
      --cross-node-sockets <n> sockets on the second node for cross-node delivery (default: the first fan-out size)
      --broadcasts <n>      broadcasts per run (default 10)
      --broadcast-interval <ms> pause between broadcasts (default 300)
  (c) --connections <n>     autocannon connections (default 100)
      --duration <s>        seconds per autocannon run (default 3; issue-grade: 10)
  (d) --jobs <n>            e-mail jobs per run (default 1000; issue-grade: 10000)
  (e) --lcp-runs <n>        page loads for LCP (default 5)
  (f) insights             p99 of each /api/insights endpoint over 100,000 calls, 20,000 leads, 5,000 deals
      --insight-endpoints <list> comma-separated: ${INSIGHT_ENDPOINTS.join(', ')} (default: all)
      --insight-periods <list>   comma-separated: ${INSIGHT_PERIODS.join(', ')} (default: both)
  (g) overload             /api/leads at --connections × pipelining 10 for max(--duration, 5) s, shedding on and off
      --build               run \`npm run build\` first (under flock /tmp/cw-build.lock)
  --dry-run                 print the figures only (no results file, no docs/performance.md)`;

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      runs: { type: 'string' },
      'client-processes': { type: 'string' },
      sockets: { type: 'string' },
      'hold-minutes': { type: 'string' },
      'fanout-sizes': { type: 'string' },
      'cross-node-sockets': { type: 'string' },
      broadcasts: { type: 'string' },
      'broadcast-interval': { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      jobs: { type: 'string' },
      'lcp-runs': { type: 'string' },
      'insight-endpoints': { type: 'string' },
      'insight-periods': { type: 'string' },
      build: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name: string, value: string | undefined, fallback: number, min = 1) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number >= ${min} (got "${value}")`);
    return n;
  };
  const only = values.only ? values.only.split(',').map((p) => p.trim()) : [...PARTS];
  for (const part of only)
    if (!PARTS.includes(part as PartName))
      throw new Error(`--only: unknown part "${part}" (parts: ${PARTS.join(', ')})`);
  const listOf = <T extends string>(name: string, value: string | undefined, all: readonly T[]): T[] => {
    const picked = value ? value.split(',').map((v) => v.trim()) : [...all];
    for (const v of picked)
      if (!all.includes(v as T)) throw new Error(`--${name}: unknown "${v}" (choose from: ${all.join(', ')})`);
    return picked as T[];
  };
  const fanoutSizes = (values['fanout-sizes'] ?? '500,1000').split(',').map((s) => int('fanout-sizes', s.trim(), 0));
  return {
    only: only as PartName[],
    runs: int('runs', values.runs, 3),
    clientProcesses: int('client-processes', values['client-processes'], 2),
    sockets: int('sockets', values.sockets, 1000),
    holdMinutes: int('hold-minutes', values['hold-minutes'], 0.25, 0),
    fanoutSizes,
    crossNodeSockets: int('cross-node-sockets', values['cross-node-sockets'], fanoutSizes[0]),
    broadcasts: int('broadcasts', values.broadcasts, 10),
    broadcastIntervalMs: int('broadcast-interval', values['broadcast-interval'], 300),
    connections: int('connections', values.connections, 100),
    durationSeconds: int('duration', values.duration, 3),
    jobs: int('jobs', values.jobs, 1000),
    lcpRuns: int('lcp-runs', values['lcp-runs'], 5),
    insightEndpoints: listOf('insight-endpoints', values['insight-endpoints'], INSIGHT_ENDPOINTS),
    insightPeriods: listOf('insight-periods', values['insight-periods'], INSIGHT_PERIODS),
    build: Boolean(values.build),
    dryRun: Boolean(values['dry-run']),
  };
}

export interface PartContext {
  options: Options;
  /** MongoDB (own process) and a Redis without persistence, shared by the parts of a run. */
  backends(): Promise<Backends>;
  log(message: string): void;
}

export interface PartOutput {
  title: string;
  params: Record<string, unknown>;
  figures: Figure[];
  notes: string[];
  /** Kept in the results file only (e.g. the files counted in a bundle). */
  details?: unknown;
}
