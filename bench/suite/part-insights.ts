// (f) Insights reads: p99 of each /api/insights endpoint over 100,000 calls, 20,000 leads and 5,000 deals, asked one
// request at a time (a person opening the page) by the team lead (agent views) and by an admin (every campaign).
import { MongoClient, ObjectId } from 'mongodb';
import { rebuildInsightRollups } from '../../server/features/insights/rollups.js';
import { writeInsightsData } from './insights-data.js';
import type { PartContext, PartOutput } from './options.js';
import { newDeployment, startNode } from './processes.js';
import { compared, type Figure } from './results.js';
import { percentiles, spread } from './stats.js';

const SIZE = { calls: 100_000, leads: 20_000, deals: 5_000 };
// Each request aggregates thousands of documents on the embedded MongoDB: 100 per run keeps the part under ~15 min.
const REQUESTS = 100;
const WARMUP = 5;
// The agent views are asked by the team lead, the campaigns by an admin (every campaign).
const ASKED_BY = { earnings: 'lead', calls: 'lead', funnel: 'lead', team: 'lead', campaigns: 'admin' } as const;

async function timings(url: string, token: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

interface Caller {
  token: string;
  cookie: { name: string; value: string };
}

/** Access tokens outlive no long run: a fresh one from the refresh cookie (which rotates) before each endpoint. */
async function refreshed(base: string, caller: Caller): Promise<string> {
  const res = await fetch(`${base}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: `${caller.cookie.name}=${caller.cookie.value}` },
  });
  if (!res.ok) throw new Error(`refresh answered ${res.status}`);
  const rotated = res.headers.getSetCookie().find((c) => c.startsWith(`${caller.cookie.name}=`));
  if (rotated) caller.cookie.value = rotated.slice(caller.cookie.name.length + 1).split(';')[0];
  caller.token = ((await res.json()) as { accessToken: string }).accessToken;
  return caller.token;
}

export async function insightsPart(ctx: PartContext): Promise<PartOutput> {
  const { options, log } = ctx;
  const backends = await ctx.backends();
  const deployment = newDeployment(backends);
  // One person at a time reads the charts: shedding (a busy shared machine's event-loop delay) is not what is measured.
  const app = await startNode('app', deployment, { loadShedding: false });
  const figures: Figure[] = [];
  try {
    const lead = await app.call<Caller & { userId: string }>('setupAgent', { leads: 0 });
    const admin = await app.call<Caller & { userId: string }>('setupAgent', { leads: 0 });
    const client = await MongoClient.connect(deployment.mongoUrl);
    try {
      await client
        .db()
        .collection('users')
        .updateOne({ _id: new ObjectId(admin.userId) }, { $set: { role: 'admin' } });
    } finally {
      await client.close();
    }
    const started = Date.now();
    await writeInsightsData(deployment.mongoUrl, lead.userId, admin.userId, SIZE);
    log(
      `  wrote ${SIZE.calls} calls, ${SIZE.leads} leads, ${SIZE.deals} deals in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // Written straight into the collections after the node started (its start-up build found nothing), so the
    // rollups and the projection counters are built from them here; the product's own writes keep them current.
    const rolling = Date.now();
    const rollups = await MongoClient.connect(deployment.mongoUrl);
    try {
      const written = await rebuildInsightRollups({ db: rollups.db() });
      log(`  rolled up into ${written} daily documents in ${((Date.now() - rolling) / 1000).toFixed(1)} s`);
    } finally {
      await rollups.close();
    }
    const endpoints = options.insightEndpoints.map((path) => ({ path, as: ASKED_BY[path] }));
    for (const period of options.insightPeriods) {
      for (const endpoint of endpoints) {
        const token = await refreshed(app.url, endpoint.as === 'admin' ? admin : lead);
        const url = `${app.url}/api/insights/${endpoint.path}?period=${period}&tz=America%2FNew_York`;
        await timings(url, token, WARMUP);
        const p99s: number[] = [];
        const p50s: number[] = [];
        for (let r = 0; r < options.runs; r++) {
          const [p50, p99] = percentiles(await timings(url, token, REQUESTS), [50, 99]);
          p50s.push(p50);
          p99s.push(p99);
          log(
            `  /api/insights/${endpoint.path} ${period} run ${r + 1}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
          );
        }
        figures.push(
          compared(
            {
              name: `GET /api/insights/${endpoint.path} (${period}, ${endpoint.as === 'admin' ? 'admin, every campaign' : 'team lead'}): p99`,
              unit: 'ms',
              value: spread(p99s),
              target: '< 100 ms',
              note: `p50 ${spread(p50s).median.toFixed(1)} ms`,
            },
            { valueAtMost: 99.999 },
          ),
        );
      }
    }
  } finally {
    await app.stop();
  }
  return {
    title: '(f) Insights reads',
    params: {
      ...SIZE,
      'requests per run': REQUESTS,
      runs: options.runs,
      concurrency: 1,
      endpoints: options.insightEndpoints.join(','),
      periods: options.insightPeriods.join(','),
    },
    figures,
    notes: [
      `${SIZE.calls.toLocaleString('en-US')} calls, ${SIZE.leads.toLocaleString('en-US')} leads and ${SIZE.deals.toLocaleString('en-US')} deals (with their ledger lines) over the last 90 days, 50 agents, 6 campaigns; the measured team lead has 20 people in their downline (levels 1-2) and about 2% of the calls and deals.`,
      `Each figure: ${REQUESTS} sequential requests after ${WARMUP} untimed ones, time zone America/New_York; the API node as \`npm run api\` runs it, the embedded MongoDB in its own process.`,
    ],
  };
}
