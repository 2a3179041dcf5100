// (g) Overload: GET /api/leads at 100 connections × pipelining 10, more than one API node can answer in time, against
// the same node with load shedding off (LOAD_SHED_MAX_IN_FLIGHT=0) in the same run. Prints the p99 of every
// answer (2xx and 503 alike), the share shed with 503, how long /healthz took while the node was overloaded, and how
// soon after the load stops /api/leads answers 200 again.
import autocannon, { type AutocannonResult } from 'autocannon';
import type { PartContext, PartOutput } from './options.js';
import { newDeployment, startNode, type NodeHandle } from './processes.js';
import { compared, type Figure } from './results.js';
import { spread } from './stats.js';

const LEADS = 200;
const PIPELINING = 10;
const ROUTE = '/api/leads';

interface Shot {
  p99: number;
  shedShare: number;
  answers: number;
  /** Socket errors and timeouts: answers that never came. */
  lost: number;
  healthzMaxMs: number;
  healthzFailures: number;
  /** From the end of the load to the first 200 of /api/leads. */
  recoveryMs: number;
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, status: res.status };
  } catch {
    return { ms: performance.now() - t0, status: 0 };
  }
}

async function overload(node: NodeHandle, token: string, connections: number, duration: number): Promise<Shot> {
  const headers = { authorization: `Bearer ${token}` };
  let loading = true;
  const healthz: { ms: number; status: number }[] = [];
  const probing = (async () => {
    while (loading) {
      healthz.push(await timed(`${node.url}/healthz`));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const result = (await autocannon({
    url: `${node.url}${ROUTE}`,
    connections,
    pipelining: PIPELINING,
    duration,
    headers,
  })) as AutocannonResult & {
    statusCodeStats: Record<string, { count: number }>;
  };
  loading = false;
  const stoppedAt = performance.now();
  let recoveryMs = NaN;
  for (let i = 0; i < 100; i++) {
    const answer = await timed(`${node.url}${ROUTE}`, headers);
    if (answer.status === 200) {
      recoveryMs = performance.now() - stoppedAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await probing;
  const answers = Object.values(result.statusCodeStats).reduce((s, c) => s + c.count, 0);
  return {
    p99: result.latency.p99,
    shedShare: answers ? (result.statusCodeStats['503']?.count ?? 0) / answers : NaN,
    answers,
    lost: result.errors + result.timeouts,
    healthzMaxMs: Math.max(...healthz.map((h) => h.ms)),
    healthzFailures: healthz.filter((h) => h.status !== 200).length,
    recoveryMs,
  };
}

export async function overloadPart(ctx: PartContext): Promise<PartOutput> {
  const { options, log } = ctx;
  const backends = await ctx.backends();
  const deployment = newDeployment(backends);
  const shedding = await startNode('app', deployment);
  const unguarded = await startNode('app', deployment, { loadShedding: false });
  const duration = Math.max(options.durationSeconds, 5);
  const shots: { shedding: Shot[]; unguarded: Shot[] } = { shedding: [], unguarded: [] };
  try {
    const { token } = await shedding.call<{ token: string }>('setupAgent', { leads: LEADS });
    for (const node of [shedding, unguarded]) {
      const check = await fetch(`${node.url}${ROUTE}`, { headers: { authorization: `Bearer ${token}` } });
      if (!check.ok) throw new Error(`${ROUTE} answered ${check.status}: ${await check.text()}`);
      // Untimed warm-up, below capacity.
      await autocannon({
        url: `${node.url}${ROUTE}`,
        connections: 10,
        duration: 1,
        headers: { authorization: `Bearer ${token}` },
      });
    }
    for (let r = 0; r < options.runs; r++) {
      for (const side of r % 2 ? (['unguarded', 'shedding'] as const) : (['shedding', 'unguarded'] as const)) {
        const s = await overload(side === 'shedding' ? shedding : unguarded, token, options.connections, duration);
        shots[side].push(s);
        log(
          `  overload run ${r + 1} ${side.padEnd(9)}: p99 ${s.p99} ms, ${(s.shedShare * 100).toFixed(1)}% shed of ${s.answers} answers, ${s.lost} lost, ` +
            `/healthz max ${Math.round(s.healthzMaxMs)} ms (${s.healthzFailures} not 200), 200 again ${Math.round(s.recoveryMs)} ms after the load`,
        );
        // Let the other node's measure start from an idle machine.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  } finally {
    await Promise.all([shedding.stop(), unguarded.stop()]);
  }
  const of = (side: keyof typeof shots, pick: (s: Shot) => number) => spread(shots[side].map(pick));
  const label = `GET ${ROUTE}, ${options.connections} connections × pipelining ${PIPELINING}`;
  const figures: Figure[] = [
    compared(
      {
        name: `${label}: p99 of every answer (2xx and 503)`,
        unit: 'ms',
        value: of('shedding', (s) => s.p99),
        reference: { name: 'the same node, shedding off', value: of('unguarded', (s) => s.p99) },
        target: '< 1,000 ms',
      },
      { valueAtMost: 999.999 },
    ),
    compared({
      name: `${label}: share answered 503 + Retry-After`,
      unit: '%',
      value: of('shedding', (s) => s.shedShare * 100),
      reference: { name: 'shedding off', value: of('unguarded', (s) => s.shedShare * 100) },
    }),
    compared({
      name: `${label}: answers per second`,
      unit: 'req/s',
      value: of('shedding', (s) => s.answers / duration),
      reference: { name: 'shedding off', value: of('unguarded', (s) => s.answers / duration) },
    }),
    compared(
      {
        name: 'GET /healthz during the overload: slowest answer',
        unit: 'ms',
        value: of('shedding', (s) => s.healthzMaxMs),
        reference: { name: 'shedding off', value: of('unguarded', (s) => s.healthzMaxMs) },
        target: 'answers (200)',
      },
      { valueAtMost: 999.999 },
    ),
    compared(
      {
        name: `GET ${ROUTE} answers 200 again, after the load stops`,
        unit: 'ms',
        value: of('shedding', (s) => s.recoveryMs),
        target: '< 1,000 ms',
      },
      { valueAtMost: 999.999 },
    ),
  ];
  const lost = [...shots.shedding, ...shots.unguarded].reduce((n, s) => n + s.lost, 0);
  const healthzFailures = shots.shedding.reduce((n, s) => n + s.healthzFailures, 0);
  return {
    title: '(g) Overload: load shedding',
    params: {
      connections: options.connections,
      pipelining: PIPELINING,
      'seconds per run': duration,
      runs: options.runs,
    },
    figures,
    notes: [
      `autocannon (programmatic, in the suite's process) against two API nodes of one deployment, as \`npm run api\` runs them (NODE_ENV=production), one after the other: one with the default load shedding (\`LOAD_SHED_*\` unset), one with it off (\`LOAD_SHED_MAX_IN_FLIGHT=0\`). The latency counts every answer, 2xx and 503 alike; autocannon does not back off, so the load stays above capacity for the whole run.`,
      `A probe asks \`/healthz\` every 100 ms during each run (not 200 with shedding on, over all runs: ${healthzFailures}); socket errors and timeouts over all runs: ${lost}.`,
    ],
  };
}
