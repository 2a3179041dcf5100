// (c) GET /api/me and GET /api/leads (authenticated: JWT check, user read, indexed lead read) with autocannon at
// 100 connections, with and without pipelining, against a bare Fastify route answering the same JSON in the same run,
// and against the same bare route after one database read (the user for /api/me, the page for /api/leads).
import autocannon, { type AutocannonResult } from 'autocannon';
import type { PartContext, PartOutput } from './options.js';
import { newDeployment, startNode, type NodeHandle } from './processes.js';
import { compared, type Figure } from './results.js';
import { cpuSecondsOf, spread } from './stats.js';

const LEADS = 200;
const ROUTES = ['/api/me', '/api/leads'] as const;
const PIPELINING = [1, 10] as const;
const SIDES = ['app', 'bare', 'reads'] as const;
/** The second reference: the bare route after the one read a request of the route cannot do without (issue 19). */
const ONE_READ: Record<(typeof ROUTES)[number], string> = { '/api/me': 'one user read', '/api/leads': 'one page read' };
const ONE_READ_TARGET: Record<(typeof ROUTES)[number], number> = { '/api/me': 0.9, '/api/leads': 0.8 };
type Side = (typeof SIDES)[number];

interface Shot {
  perSecond: number;
  p99: number;
  failures: number;
  /** CPU microseconds per answered request in each watched process (server under test, database). */
  cpuPerRequest: number[];
}

async function shot(
  url: string,
  token: string | undefined,
  connections: number,
  pipelining: number,
  duration: number,
  pids: number[],
): Promise<Shot> {
  const before = pids.map(cpuSecondsOf);
  const result: AutocannonResult = await autocannon({
    url,
    connections,
    pipelining,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const answered = Math.max(1, result['2xx']);
  const cpuPerRequest = pids.map((pid, i) => (((cpuSecondsOf(pid) ?? NaN) - (before[i] ?? NaN)) * 1e6) / answered);
  return {
    perSecond: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest,
  };
}

export async function httpPart(ctx: PartContext): Promise<PartOutput> {
  const { options, log } = ctx;
  const backends = await ctx.backends();
  const figures: Figure[] = [];
  const notes: string[] = [];
  const deployment = newDeployment(backends);
  // Capacity is measured here, so the node does not shed: part (g) measures shedding under overload.
  const app = await startNode('app', deployment, { loadShedding: false });
  const bare: NodeHandle = await startNode('bare-http');
  const bareWithReads: NodeHandle = await startNode('bare-http-db', deployment);
  let failures = 0;
  try {
    const { token, userId } = await app.call<{ token: string; userId: string }>('setupAgent', { leads: LEADS });
    const bodies: Record<string, string> = {};
    for (const route of ROUTES) {
      const res = await fetch(`${app.url}${route}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
      bodies[route] = await res.text();
    }
    for (const reference of [bare, bareWithReads]) {
      await reference.call('serve', { routes: bodies, user: userId });
      for (const route of ROUTES) {
        const check = await fetch(`${reference.url}${route}`);
        if ((await check.text()) !== bodies[route])
          throw new Error(`the bare route ${route} does not answer the same JSON`);
      }
    }

    for (const route of ROUTES) {
      // Untimed warm-up of the three servers' code paths.
      for (const url of [app.url, bare.url, bareWithReads.url])
        await shot(`${url}${route}`, token, options.connections, 1, 1, []);
      for (const pipelining of PIPELINING) {
        const shots: Record<Side, Shot[]> = { app: [], bare: [], reads: [] };
        for (let r = 0; r < options.runs; r++) {
          // The order rotates, so no side always runs first (or after the same one).
          for (const side of SIDES.map((_, i) => SIDES[(i + r) % SIDES.length])) {
            const s =
              side === 'app'
                ? await shot(`${app.url}${route}`, token, options.connections, pipelining, options.durationSeconds, [
                    app.pid,
                    backends.mongo.pid,
                  ])
                : side === 'bare'
                  ? await shot(
                      `${bare.url}${route}`,
                      undefined,
                      options.connections,
                      pipelining,
                      options.durationSeconds,
                      [bare.pid],
                    )
                  : await shot(
                      `${bareWithReads.url}${route}`,
                      undefined,
                      options.connections,
                      pipelining,
                      options.durationSeconds,
                      [bareWithReads.pid, backends.mongo.pid],
                    );
            shots[side].push(s);
            failures += s.failures;
            const cpu = s.cpuPerRequest.map((us, i) => `${['server', 'db'][i]} ${Math.round(us)} µs`).join(', ');
            log(
              `  ${route} pipelining ${pipelining} run ${r + 1} ${side.padEnd(5)}: ${Math.round(s.perSecond)} req/s, p99 ${s.p99} ms, CPU/request ${cpu}${s.failures ? `, ${s.failures} failed` : ''}`,
            );
          }
        }
        const { app: measured, bare: reference, reads: withReads } = shots;
        const label = `GET ${route} (${bytes(bodies[route])}), ${pipelining === 1 ? 'no pipelining' : `pipelining ${pipelining}`}`;
        figures.push(
          compared(
            {
              name: `${label}: requests/s`,
              unit: 'req/s',
              value: spread(measured.map((s) => s.perSecond)),
              reference: { name: 'bare Fastify, same JSON', value: spread(reference.map((s) => s.perSecond)) },
              target: '≥ 0.5× bare',
            },
            { ratioAtLeast: 0.5 },
          ),
          compared(
            {
              name: `${label}: p99 latency`,
              unit: 'ms',
              value: spread(measured.map((s) => s.p99)),
              reference: { name: 'bare Fastify, same JSON', value: spread(reference.map((s) => s.p99)) },
              target: '< 50 ms',
            },
            { valueAtMost: 49.999 },
          ),
          compared({
            name: `${label}: server CPU per request`,
            unit: 'µs',
            value: spread(measured.map((s) => s.cpuPerRequest[0])),
            reference: { name: 'bare Fastify', value: spread(reference.map((s) => s.cpuPerRequest[0])) },
            note: `embedded MongoDB process: ${Math.round(spread(measured.map((s) => s.cpuPerRequest[1])).median)} µs more per request`,
          }),
          compared(
            {
              name: `${label}: requests/s against bare Fastify with ${ONE_READ[route]}`,
              unit: 'req/s',
              value: spread(measured.map((s) => s.perSecond)),
              reference: {
                name: `bare Fastify + ${ONE_READ[route]}`,
                value: spread(withReads.map((s) => s.perSecond)),
              },
              target: `≥ ${ONE_READ_TARGET[route]}× the reference`,
              note: `the reference: p99 ${whole(withReads.map((s) => s.p99))} ms, ${whole(withReads.map((s) => s.cpuPerRequest[0]))} µs CPU per request, embedded MongoDB ${whole(withReads.map((s) => s.cpuPerRequest[1]))} µs more`,
            },
            { ratioAtLeast: ONE_READ_TARGET[route] },
          ),
        );
      }
    }
    notes.push(
      `autocannon (programmatic, in the suite's process) with ${options.connections} connections, ${options.durationSeconds} s per run, the app and both references in rotating order; requests/s counts 2xx answers only (non-2xx, errors and timeouts over all runs: ${failures}).`,
      `The agent has ${LEADS} leads assigned; \`/api/leads\` answers the first page (25, newest first) through the \`{ assignedTo, _id }\` index plus the campaign names (from the node's campaign cache). ` +
        "The API node runs as `npm run api` does (NODE_ENV=production: helmet headers, request ids, JWT check and user lookup on every request, the user from the node's user cache), with load shedding off (`LOAD_SHED_MAX_IN_FLIGHT=0`: 100 connections would otherwise be shed), the embedded MongoDB in its own process.",
      'Reference: `Fastify()` (no logger, no plugins) returning the same JSON documents, parsed, so both serialise them per request. Fastify publishes ~0.98× plain `node:http` for such a route.',
      'Second reference ("bare Fastify + one user read" / "+ one page read"): the same bare route after ONE database read through the app\'s own repository functions and driver settings on the same embedded MongoDB (`/api/me`: the user by id; `/api/leads`: the page of 26 leads by the `{ assignedTo, _id }` index). The app reads the user and the names from its per-node caches (server/platform/node-cache.ts), so the ratio is what everything else costs: JWT, security headers, cookies, request ids, load shedding, cache lookups, presenting, schema serialisation.',
    );
  } finally {
    await Promise.all([app.stop(), bare.stop(), bareWithReads.stop()]);
  }
  return {
    title: '(c) HTTP reads',
    params: {
      connections: options.connections,
      'seconds per run': options.durationSeconds,
      runs: options.runs,
      pipelining: [...PIPELINING],
    },
    figures,
    notes,
  };
}

/** Median, rounded, with thousands separators. */
const whole = (values: number[]) => Math.round(spread(values).median).toLocaleString('en-US');

function bytes(json: string): string {
  const n = Buffer.byteLength(json);
  return n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;
}
