// `npm run bench:telephony`: real SIP calls through Janus to the local carrier (scripts/telephony.mjs's carrier, started
// here), placed through the app's API exactly as the dialer panel places them: the agent's tab (a werift WebRTC peer,
// tests/support/webrtc-agent.ts; no browser) sends its offer over the app's socket, then POST /api/dialer/calls to
// 555-010-0005 (answers at once, echoes until the caller hangs up). 20 sequential calls by one agent, then 10 calls
// at once by 10 agents (BENCH_SEQUENTIAL, BENCH_CONCURRENT). Per call:
// - dial -> INVITE: from the POST leaving the client to the INVITE in the lead phone's log (its `at`: when the carrier
//   read SIPp's log line, polled every 25 ms, so up to ~25 ms late);
// - dial -> call stored: to the call's `startedAt` (the server's checks done: lead, claim, cap, do-not-call, hours);
// - dial -> POST answered: the server's checks, the stored call and Janus's ack of the `call` request;
// - dial -> 200 OK seen by the server: to the call's `connectedAt` (the server applying Janus's `accepted`);
// - audio round trip: frames stamped by the tab come back from the echo (tab -> Janus -> SIPp -> Janus -> tab), over
//   BENCH_HOLD_MS (default 1500) of each call; and the tab<->Janus RTT from werift's stats (RTCP), where it reports one;
// - lost or doubled: lead-phone.log lines per agent against the calls the API placed, and calls that never connected.
// Then the browser's own figures (bench/suite/telephony-browser.ts): one agent in Chromium (fake microphone) dials the
// same echo number from the real dialer panel BENCH_BROWSER_CALLS times (default 5; 0 skips it), each held
// BENCH_BROWSER_HOLD_MS (default 4000): click -> INVITE, click -> 200 OK seen by the server, and the page's
// RTCPeerConnection stats (RTT to Janus from RTCP and ICE, jitter, jitter buffer, loss). Needs the built client
// (`npm run build`: dist/client), which the bench's app serves.
// The app (API + workers, as `npm start`) runs in this process with PHONE_PROVIDER=sip; MongoDB and Redis as in the
// other benchmarks (BENCH_MONGO_URL / BENCH_REDIS_URL, else a local redis-server and the embedded MongoDB).
// The call rooms (docs/telephony.md, "A call is a room", the default) are benchmarked; SIP_CALL_MODEL=plugin benchmarks
// the SIP plugin instead. With the rooms, then (bench/suite/telephony-clicks.ts) BENCH_TRANSFERS (default 10) warm
// transfers to a werift closer and BENCH_BROWSER_TRANSFERS (default 10) to a closer in Chromium: accept -> the closer
// hears the lead; BENCH_LISTENS (default 10) listen clicks by a werift coach and BENCH_BROWSER_LISTENS (default 10)
// by a coach in Chromium: click -> first sound at the coach (the Chromium parts need the built client); and the
// faults (bench/suite/telephony-faults.ts): the re-attach gap after a reload (BENCH_REATTACH_RUNS, default 10) and the
// gateway's recovery after Janus is SIGKILLed (BENCH_RECOVERY_RUNS, default 5), p50/p95/max with the load average.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SocketEvents } from '../shared/events.js';
import type { CallStatePayload } from '../shared/schemas/dialer/state.js';
import { callsCollection } from '../server/features/dialer/repository.js';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  startLocalCarrier,
} from '../server/platform/telephony/local-carrier.js';
import { zoneWithLocalHour } from '../tests/support/dialer.js';
import { createCampaignWithAgents } from '../tests/support/leads.js';
import { WebrtcAgentTab } from '../tests/support/webrtc-agent.js';
import { startInProcessApp } from './suite/in-process-app.js';
import { runBrowserCalls, type BrowserCallSample } from './suite/telephony-browser.js';
import { runFaultBench } from './suite/telephony-faults.js';
import { runClickBenches } from './suite/telephony-clicks.js';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 20);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 10);
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 1_500);
const NUMBER = '5550100005';
const BROWSER_CALLS = Number(process.env.BENCH_BROWSER_CALLS ?? 5);
const BROWSER_HOLD_MS = Number(process.env.BENCH_BROWSER_HOLD_MS ?? 4_000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 10);
/** Chromium's own transfer accepts and listen clicks (the room model; the built client): what a user sees. */
const BROWSER_TRANSFERS = Number(process.env.BENCH_BROWSER_TRANSFERS ?? 10);
const BROWSER_LISTENS = Number(process.env.BENCH_BROWSER_LISTENS ?? 10);
const REATTACH_RUNS = Number(process.env.BENCH_REATTACH_RUNS ?? 10);
const RECOVERY_RUNS = Number(process.env.BENCH_RECOVERY_RUNS ?? 5);
/** Listen clicks measured (the room model only: coaching needs the call rooms); 0 skips them. */
const LISTENS = Number(process.env.BENCH_LISTENS ?? 10);
const BUILT_CLIENT = path.resolve(import.meta.dirname, '../dist/client/index.html');

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Stops Janus and SIPp when the bench fails: they are this process's children and would outlive it. */
let stopCarrier: (() => Promise<void>) | undefined;

interface CallSample {
  agent: number;
  callId?: string;
  status: number;
  dialToInviteMs?: number;
  dialToAckMs: number;
  dialToStoredMs?: number;
  dialToAnswerMs?: number;
  echoMs: number[];
  rtcpRttMs?: number;
  /** The call was no longer connected when the agent went to end it (how it had ended instead). */
  endedEarly?: string;
}

async function main() {
  const problem = localCarrierProblem();
  if (problem) throw new Error(`The local carrier cannot run here: ${problem}`);
  if (process.env.BENCH_MONGO_URL) process.env.TEST_MONGO_URL = process.env.BENCH_MONGO_URL;
  if (process.env.BENCH_REDIS_URL) process.env.TEST_REDIS_URL = process.env.BENCH_REDIS_URL;
  process.env.TEST_NO_DOCKER = '1';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-bench-telephony-'));
  const carrier = await startLocalCarrier({ dataDir });
  stopCarrier = () => carrier.stop();
  const { backends, runtime, url, db, shim } = await startInProcessApp(
    dataDir,
    {
      PHONE_PROVIDER: 'sip',
      JANUS_URL: carrier.janusUrl,
      JANUS_API_SECRET: carrier.apiSecret,
      SIP_PROXY: carrier.sipUri,
      ...(process.env.SIP_CALL_MODEL ? { SIP_CALL_MODEL: process.env.SIP_CALL_MODEL } : {}),
    },
    { serveClient: BROWSER_CALLS + BROWSER_TRANSFERS + BROWSER_LISTENS > 0 },
  );

  console.log(`load average before the run: ${load()} on ${cpus().length} CPUs`);
  console.log(
    `telephony benchmark: ${SEQUENTIAL} sequential calls, then ${CONCURRENT} at once, to ${NUMBER} (echo) through Janus ${carrier.janusUrl} and the SIPp lead phone ${carrier.sipUri}; MongoDB ${backends.mongoKind}, Redis ${backends.redisKind}`,
  );
  // Agents 0-2 also open, close (werift) and close (Chromium) the transfers (bench/suite/telephony-clicks.ts).
  const setup = await createCampaignWithAgents(shim, Math.max(3, CONCURRENT));
  const zone = await fetch(`${url}/api/campaigns/${setup.campaignId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${setup.owner.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone: zoneWithLocalHour(10, 18) }),
  });
  if (!zone.ok) throw new Error(`campaign time zone: ${zone.status}`);
  const agents = setup.agents;

  const api = async (token: string, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };

  const sockets: Socket[] = [];
  const states = new Map<string, Array<(payload: CallStatePayload) => void>>();
  for (const agent of agents) {
    const socket = connectSocket(url, {
      auth: { token: agent.accessToken },
      transports: ['websocket'],
      forceNew: true,
    });
    socket.on(SocketEvents.callState, (payload: CallStatePayload) => {
      for (const listener of states.get(agent.user._id.toHexString()) ?? []) listener(payload);
    });
    sockets.push(socket);
  }
  await Promise.all(sockets.map((s) => (s.connected ? null : new Promise<void>((r) => s.once('connect', () => r())))));
  await Promise.all(agents.map((agent) => api(agent.accessToken, 'POST', '/dialer/connect')));
  for (;;) {
    const all = await Promise.all(agents.map((agent) => api(agent.accessToken, 'GET', '/dialer/state')));
    if (all.every((s) => (s.body.phone as { status?: string } | undefined)?.status === 'connected')) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  /** Resolves when the agent's pushed call `callId` reaches `state`. */
  const reach = (agentIndex: number, callId: () => string | undefined, wanted: string[], timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const key = agents[agentIndex].user._id.toHexString();
      const list = states.get(key) ?? [];
      states.set(key, list);
      const timer = setTimeout(() => done(new Error(`call not ${wanted.join('/')} within ${timeoutMs} ms`)), timeoutMs);
      const listener = (payload: CallStatePayload) => {
        if (payload.call && payload.call.id === callId() && wanted.includes(payload.call.state))
          done(payload.call.state);
      };
      function done(result: string | Error) {
        clearTimeout(timer);
        list.splice(list.indexOf(listener), 1);
        if (typeof result === 'string') resolve(result);
        else reject(result);
      }
      list.push(listener);
    });

  const placed: CallSample[] = [];
  async function oneCall(agentIndex: number): Promise<CallSample> {
    const agent = agents[agentIndex];
    const socket = sockets[agentIndex];
    const tab = new WebrtcAgentTab(socket, { stamped: true });
    const sample: CallSample = { agent: agentIndex, status: 0, dialToAckMs: NaN, echoMs: [] };
    try {
      const ack = await tab.offer();
      if (!ack.ok) throw new Error(`offer refused: ${ack.error}`);
      const current: { id?: string } = {};
      const connected = reach(agentIndex, () => current.id, ['connected', 'ended', 'idle']);
      connected.catch(() => undefined);
      const dialedAt = Date.now();
      const started = await api(agent.accessToken, 'POST', '/dialer/calls', { phone: NUMBER });
      sample.dialToAckMs = Date.now() - dialedAt;
      sample.status = started.status;
      if (started.status !== 201) return sample;
      const callId = started.body.id as string;
      current.id = callId;
      sample.callId = callId;
      (sample as CallSample & { dialedAt: number }).dialedAt = dialedAt;
      placed.push(sample);
      await connected;
      const doc = await callsCollection(db).findOne({ _id: new ObjectId(callId) });
      if (doc?.connectedAt) sample.dialToAnswerMs = doc.connectedAt.getTime() - dialedAt;
      if (doc) sample.dialToStoredMs = doc.startedAt.getTime() - dialedAt;
      await new Promise((r) => setTimeout(r, HOLD_MS));
      sample.echoMs = [...tab.echoRoundTrips];
      sample.rtcpRttMs = await rtcpRtt(tab);
      const before = await callsCollection(db).findOne({ _id: new ObjectId(callId) });
      if (before?.state !== 'connected')
        sample.endedEarly = `${before?.state} ${before?.status ?? ''} ${before?.timeline.at(-1)?.reason ?? ''}`.trim();
      else await api(agent.accessToken, 'POST', `/dialer/calls/${callId}/end`);
      for (
        let waited = 0;
        (await callsCollection(db).findOne({ _id: new ObjectId(callId) }))?.state !== 'idle';
        waited += 50
      ) {
        if (waited > 20_000) throw new Error(`call ${callId} not idle within 20 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return sample;
    } finally {
      await tab.close();
    }
  }

  const failures: string[] = [];
  const attempt = (agentIndex: number) =>
    oneCall(agentIndex).catch((error: Error) => {
      failures.push(error.message);
    });
  const sequentialFrom = placed.length;
  const loadSequential = load();
  for (let i = 0; i < SEQUENTIAL; i++) await attempt(0);
  const sequential = placed.slice(sequentialFrom);
  const loadConcurrent = load();
  const concurrentFrom = placed.length;
  await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => attempt(i)));
  const concurrent = placed.slice(concurrentFrom);
  // The INVITE times, from the lead phone's log: per agent, its lines in order match its calls in order.
  await new Promise((r) => setTimeout(r, 200));
  const log = readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === NUMBER);
  let doubled = 0;
  let lost = 0;
  for (const [index, agent] of agents.entries()) {
    const lines = log.filter((line) => line.from.includes(`agent-${agent.user._id.toHexString()}@`));
    const calls = placed.filter((c) => c.agent === index);
    if (lines.length > calls.length) doubled += lines.length - calls.length;
    if (lines.length < calls.length) lost += calls.length - lines.length;
    calls.forEach((call, i) => {
      if (lines[i])
        call.dialToInviteMs = Date.parse(lines[i].at) - (call as CallSample & { dialedAt: number }).dialedAt;
    });
  }
  const notConnected = placed.filter((c) => c.dialToAnswerMs === undefined).length;
  const endedEarly = placed.filter((c) => c.endedEarly);

  const report = (name: string, samples: CallSample[], loadAtStart: string) => {
    const pick = (f: (s: CallSample) => number | undefined) =>
      samples.map(f).filter((v): v is number => v !== undefined && !Number.isNaN(v));
    const line = (label: string, values: number[]) =>
      `    ${label}: p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))} (${values.length} calls)`;
    const echo = samples.flatMap((s) => s.echoMs);
    const rtcp = pick((s) => s.rtcpRttMs);
    console.log(`  ${name}: ${samples.length} calls placed (load at start ${loadAtStart}, at end ${load()})`);
    console.log(
      line(
        'dial -> call stored (checks done)',
        pick((s) => s.dialToStoredMs),
      ),
    );
    console.log(
      line(
        'dial -> INVITE at the lead phone',
        pick((s) => s.dialToInviteMs),
      ),
    );
    console.log(
      line(
        'dial -> POST answered',
        pick((s) => s.dialToAckMs),
      ),
    );
    console.log(
      line(
        'dial -> 200 OK seen by the server',
        pick((s) => s.dialToAnswerMs),
      ),
    );
    console.log(
      `    audio round trip through the echo: p50 ${ms(percentile(echo, 50))}, p99 ${ms(percentile(echo, 99))} (${echo.length} frames)${rtcp.length ? `; tab<->Janus RTT (RTCP): p50 ${ms(percentile(rtcp, 50))}` : '; tab<->Janus RTT: not reported by werift'}`,
    );
  };
  report(`${SEQUENTIAL} sequential`, sequential, loadSequential);
  report(`${CONCURRENT} concurrent`, concurrent, loadConcurrent);
  const refused = SEQUENTIAL + CONCURRENT - placed.length;
  console.log(
    `  INVITEs in the lead phone's log: ${log.length} for ${placed.length} calls placed (${refused} refused by the API); lost ${lost}, doubled ${doubled}, never connected ${notConnected}, ended before the agent hung up ${endedEarly.length}${endedEarly.length ? ` (${endedEarly.map((c) => c.endedEarly).join('; ')})` : ''}`,
  );

  if (failures.length) console.log(`  calls that went wrong in the bench: ${failures.join('; ')}`);

  const browserClicks = BROWSER_TRANSFERS + BROWSER_LISTENS > 0 && existsSync(BUILT_CLIENT);
  if (BROWSER_TRANSFERS + BROWSER_LISTENS > 0 && !browserClicks)
    console.log(`  Chromium transfer accepts and listen clicks skipped: no built client (${BUILT_CLIENT})`);
  if (process.env.SIP_CALL_MODEL !== 'plugin')
    await runClickBenches({
      shim,
      db,
      api,
      url,
      dataDir,
      agents: agents.slice(0, 3).map((agent, i) => ({ agent, socket: sockets[i]! })),
      number: NUMBER,
      transfers: TRANSFERS,
      listens: LISTENS,
      browserTransfers: browserClicks ? BROWSER_TRANSFERS : 0,
      browserListens: browserClicks ? BROWSER_LISTENS : 0,
    });

  if (BROWSER_CALLS > 0 && !existsSync(BUILT_CLIENT))
    console.log(`  Chromium run skipped: no built client (${BUILT_CLIENT}); run \`npm run build\` first`);
  else if (BROWSER_CALLS > 0) {
    const loadBrowser = load();
    const samples = await runBrowserCalls({
      url,
      db,
      agent: agents.at(-1)!,
      number: NUMBER,
      calls: BROWSER_CALLS,
      holdMs: BROWSER_HOLD_MS,
      leadPhoneLog: carrier.leadPhoneLog,
    });
    reportBrowser(samples, loadBrowser);
  }

  if (process.env.SIP_CALL_MODEL !== 'plugin' && REATTACH_RUNS + RECOVERY_RUNS > 0) {
    const loadFaults = load();
    const faults = await runFaultBench({
      url,
      db,
      carrier,
      agent: agents[0],
      socket: sockets[0],
      number: NUMBER,
      reattachRuns: REATTACH_RUNS,
      recoveryRuns: RECOVERY_RUNS,
    });
    const line = (label: string, values: number[], target: string) =>
      `    ${label}: ${values.length ? `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}` : 'not measured'} (${values.length} runs; target ${target})`;
    console.log(`  faults of the call rooms (load at start ${loadFaults}, at end ${load()})`);
    console.log(line('re-attach gap after a reload (new offer -> echoed audio)', faults.reattachGapsMs, 'p95 < 3 s'));
    console.log(line('gateway recovery (Janus SIGKILL -> next call answered)', faults.recoveryToAnswerMs, 'p95 < 5 s'));
    console.log(line('gateway recovery (Janus SIGKILL -> badge Connected again)', faults.recoveryToBadgeMs, '-'));
    if (faults.errors.length) console.log(`    fault runs that went wrong: ${faults.errors.join('; ')}`);
  }

  for (const socket of sockets) socket.disconnect();
  await runtime.stop({ dropDatabase: true });
  await backends.stop();
  await carrier.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

function reportBrowser(samples: BrowserCallSample[], loadAtStart: string) {
  const pick = (f: (s: BrowserCallSample) => number | undefined) =>
    samples.map(f).filter((v): v is number => v !== undefined && !Number.isNaN(v));
  const line = (label: string, values: number[], unit = ' ms') =>
    `    ${label}: ${values.length ? `p50 ${fmt(percentile(values, 50), unit)}, p99 ${fmt(percentile(values, 99), unit)}, max ${fmt(Math.max(...values), unit)}` : 'not reported'} (${values.length} calls)`;
  const sum = (f: (s: BrowserCallSample) => number | undefined) => pick(f).reduce((a, b) => a + b, 0);
  console.log(
    `  Chromium, dialer panel, ${samples.length} calls one after the other to ${NUMBER}, each held ${BROWSER_HOLD_MS} ms (load at start ${loadAtStart}, at end ${load()})`,
  );
  console.log(
    line(
      'click -> INVITE at the lead phone',
      pick((s) => s.clickToInviteMs),
    ),
  );
  console.log(
    line(
      'click -> 200 OK seen by the server',
      pick((s) => s.clickToAnswerMs),
    ),
  );
  console.log(
    line(
      'tab<->Janus RTT, remote-inbound-rtp.roundTripTime (latest)',
      pick((s) => s.stats.rttMs),
    ),
  );
  console.log(
    line(
      'tab<->Janus RTT, remote-inbound-rtp average over the call',
      pick((s) => s.stats.rttAverageMs),
    ),
  );
  console.log(
    line(
      'tab<->Janus RTT, ICE candidate pair (STUN)',
      pick((s) => s.stats.iceRttMs),
    ),
  );
  console.log(
    line(
      'jitter of the echoed audio received (inbound-rtp)',
      pick((s) => s.stats.jitterMs),
    ),
  );
  console.log(
    line(
      "jitter of the tab's audio at Janus (remote-inbound-rtp)",
      pick((s) => s.stats.remoteJitterMs),
    ),
  );
  console.log(
    line(
      'jitter buffer delay per sample (jitterBufferDelay / emitted)',
      pick((s) => s.stats.jitterBufferMs),
    ),
  );
  console.log(
    line(
      'playout delay per sample (media-playout)',
      pick((s) => s.stats.playoutDelayMs),
    ),
  );
  console.log(
    line(
      'concealed samples',
      pick((s) => s.stats.concealedPercent),
      ' %',
    ),
  );
  console.log(
    `    packets: received ${sum((s) => s.stats.packetsReceived)}, lost ${sum((s) => s.stats.packetsLost)} (echoed audio); sent ${sum((s) => s.stats.packetsSent)}, lost at Janus ${sum((s) => s.stats.remotePacketsLost)}`,
  );
  const errors = samples.filter((s) => s.error);
  if (errors.length) console.log(`    Chromium calls that went wrong: ${errors.map((s) => s.error).join('; ')}`);
}

/** Sub-10 ms figures (loopback RTTs) with one decimal, others whole. */
const fmt = (value: number, unit: string) =>
  Number.isNaN(value) ? 'n/a' : `${unit === ' ms' && value >= 10 ? Math.round(value) : value.toFixed(1)}${unit}`;

/** The tab<->Janus round trip werift computed from Janus's RTCP receiver reports, when it reports one. */
async function rtcpRtt(tab: WebrtcAgentTab): Promise<number | undefined> {
  try {
    const stats = await tab.pc.getStats();
    for (const value of stats.values() as Iterable<Record<string, unknown>>) {
      if (value.type === 'remote-inbound-rtp' && typeof value.roundTripTime === 'number')
        return value.roundTripTime * 1000;
    }
  } catch {
    // werift without stats for this connection
  }
  return undefined;
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(error);
    await stopCarrier?.().catch(() => undefined);
    process.exit(1);
  },
);
