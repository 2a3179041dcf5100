// Throwaway-free profiling aid: `BENCH_CPU_PROF=<dir> tsx bench/profile-route.ts /api/me [seconds]` runs autocannon
// against one route of an app node (production mode, embedded MongoDB and redis-server in their own processes)
// with nothing else measured, so the node's CPU profile shows only that route's cost.
import autocannon from 'autocannon';
import { newDeployment, startBackends, startNode } from './suite/processes.js';
import { cpuSecondsOf } from './suite/stats.js';

const route = process.argv[2] ?? '/api/me';
const seconds = Number(process.argv[3] ?? 10);
const backends = await startBackends();
const app = await startNode('app', newDeployment(backends));
try {
  const { token } = await app.call<{ token: string }>('setupAgent', { leads: 200 });
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url: `${app.url}${route}`, connections: 100, duration: 2, headers });
  const before = cpuSecondsOf(app.pid) ?? 0;
  const result = await autocannon({ url: `${app.url}${route}`, connections: 100, duration: seconds, headers });
  const cpu = ((cpuSecondsOf(app.pid) ?? 0) - before) * 1e6;
  console.log(
    `${route}: ${Math.round(result['2xx'] / result.duration)} req/s, p99 ${result.latency.p99} ms, ${Math.round(cpu / Math.max(1, result['2xx']))} µs server CPU per request, non-2xx ${result.non2xx}`,
  );
} finally {
  await app.stop();
  await backends.stop();
}
process.exit(0);
