// The curve the load-shedding defaults are chosen from (docs/performance.md, "Overload"): for each setting of
// LOAD_SHED_MAX_IN_FLIGHT and LOAD_SHED_MAX_WAIT_MS, one API node (its own process, NODE_ENV=production) answers
// GET /api/leads first at 10 connections (unloaded: below capacity, nothing waits) and then at 100 connections ×
// pipelining 10 (overloaded), 5 s each, and the table gives the overloaded goodput (2xx/s) as a share of the unloaded
// one of the same node, the share shed, and the p99 of the 2xx answers. Loopback only; bounded (about 15 s a row).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { newDeployment, startBackends, startNode } from './suite/processes.js';

const SECONDS = 5;
const row = (inFlight: number, waitMs: number) => ({
  label: `in flight ${inFlight}, wait ${waitMs / 1000} s`,
  limits: { LOAD_SHED_MAX_IN_FLIGHT: String(inFlight), LOAD_SHED_MAX_WAIT_MS: String(waitMs) },
});
const ROWS = [
  { label: 'off', limits: { LOAD_SHED_MAX_IN_FLIGHT: '0' } },
  row(8, 3000),
  row(16, 3000),
  row(32, 3000),
  row(128, 3000),
  row(16, 500),
  row(16, 1000),
  row(16, 2000),
];

async function shot(url: string, token: string, connections: number, pipelining: number) {
  const result = await autocannon({
    url,
    connections,
    pipelining,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const codes = (result as unknown as { statusCodeStats: Record<string, { count: number } | undefined> })
    .statusCodeStats;
  const answers = Object.values(codes).reduce((s, c) => s + (c?.count ?? 0), 0);
  return {
    goodput: result['2xx'] / SECONDS,
    shedShare: answers ? (codes['503']?.count ?? 0) / answers : 0,
    p99: result.latency.p99,
  };
}

const backends = await startBackends();
const rows: string[] = [];
try {
  for (const row of ROWS) {
    const node = await startNode('app', newDeployment(backends), { limits: row.limits });
    try {
      const { token } = await node.call<{ token: string }>('setupAgent', { leads: 200 });
      const url = `${node.url}/api/leads`;
      await shot(url, token, 10, 1);
      const before = loadavg()[0]!.toFixed(1);
      const unloaded = await shot(url, token, 10, 1);
      const overloaded = await shot(url, token, 100, 10);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const me = await fetch(`${node.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      const line = [
        row.label.padEnd(26),
        `${unloaded.goodput.toFixed(0)}/s`.padStart(8),
        `${overloaded.goodput.toFixed(0)}/s`.padStart(8),
        `${((overloaded.goodput / unloaded.goodput) * 100).toFixed(0)}%`.padStart(6),
        `${(overloaded.shedShare * 100).toFixed(1)}%`.padStart(7),
        `${overloaded.p99} ms`.padStart(9),
        String(me.status).padStart(5),
        `${before}-${loadavg()[0]!.toFixed(1)}`.padStart(10),
      ].join(' ');
      rows.push(line);
      console.log(line);
    } finally {
      await node.stop();
    }
  }
} finally {
  await backends.stop();
}
console.log(
  `\n${'setting'.padEnd(26)} unloaded overload  ratio    shed  p99 all   me+1s      load\n${rows.join('\n')}`,
);
