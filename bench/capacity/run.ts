// One capacity run (`npm run bench:capacity`, tests/integration/capacity-ci.test.ts): the node in its production shape
// (bench/capacity/deployment.ts), its people seeded (seed.ts), the simulated people in load-generator processes of
// their own (load-process.ts), a measured window of `minutes`, then the figures: CPU and memory of each server
// process from /proc (the load generator's apart), live-event delay, dial -> INVITE from the lead phone's log, HTTP
// p99 per page, calls dropped, 503s shed, recording completeness.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { MongoClient, ObjectId } from 'mongodb';
import { readLeadPhoneLog } from '../../server/platform/telephony/local-carrier.js';
import { wavSeconds, type WavLayout } from '../../server/platform/telephony/wav-format.js';
import { forkChild, type RpcChild } from '../suite/rpc.js';
import { loopProbeLines } from './loop-report.js';
import { startDeployment, type Deployment, type ServerRole } from './deployment.js';
import { NEVER_SHED, type CallRecord, type HttpSample, type LoadOptions, type ProcessResults } from './people.js';
import { seedPeople, type Person } from './seed.js';

export interface CapacityOptions extends LoadOptions {
  agents: number;
  minutes: number;
  /** Simulated people per load-generator process. */
  agentsPerProcess: number;
  log?: (line: string) => void;
}

interface ProcFigures {
  cpuSeconds: number;
  rssBytes: number;
}

const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

/**
 * CPU seconds (user + system) and resident memory of a live process, from /proc/<pid>/stat; `reapedChildren`: the
 * CPU of its children that have ended instead (cutime + cstime).
 */
function procFigures(pid: number, reapedChildren = false): ProcFigures {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command: state is 3rd in the file (index 0 here); utime 14th, stime 15th, cutime 16th,
    // cstime 17th, rss 24th.
    if (reapedChildren)
      return { cpuSeconds: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND, rssBytes: 0 };
    return {
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      rssBytes: Number(fields[21]) * PAGE_BYTES,
    };
  } catch {
    return { cpuSeconds: 0, rssBytes: 0 };
  }
}

function sumFigures(pids: number[]): ProcFigures {
  return pids
    .map((pid) => procFigures(pid))
    .reduce((a, b) => ({ cpuSeconds: a.cpuSeconds + b.cpuSeconds, rssBytes: a.rssBytes + b.rssBytes }), {
      cpuSeconds: 0,
      rssBytes: 0,
    });
}

type Snapshot = Record<string, ProcFigures>;

function snapshot(deployment: Deployment, generators: number[]): Snapshot {
  const out: Snapshot = {};
  for (const [role, pids] of Object.entries(deployment.pids())) out[role] = sumFigures(pids);
  // A recogniser that ended in the window is no longer a live process: its CPU is in its parent's cutime/cstime.
  for (const parent of deployment.speechParents()) out.speech!.cpuSeconds += procFigures(parent, true).cpuSeconds;
  out['load generator'] = sumFigures([...generators, process.pid]);
  return out;
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export interface CapacityReport {
  agents: number;
  teamLeads: number;
  owners: number;
  measuredSeconds: number;
  load: { start: number; end: number; mean: number; max: number };
  processes: Array<{ role: string; cpuSeconds: number; cpuPerAgentHour: number; rssMb: number; rssGrowthMb: number }>;
  memoryPerAgentMb: number;
  liveEvent: { p50: number; p99: number; samples: number; missing: number };
  /** CAPACITY_LOOP_PROBE=1: the node's event-loop delays and where the slow live events waited (loop-report.ts). */
  loopProbe: string[];
  clickToInvite: { p50: number; p95: number; p99: number; samples: number };
  autoDialLate: { p50: number; p95: number; p99: number; samples: number };
  http: Array<{ route: string; who: string; count: number; p50: number; p99: number; errors: number }>;
  agentPagesP99: number;
  calls: { placed: number; connected: number; dropped: number; problems: string[] };
  shed: { total: number; neverShedRoutes: number; byRoute: Record<string, number>; logged: number };
  /** Other 5xx answers (and requests that got no answer, status 0), by route, status and code. */
  otherErrors: Record<string, number>;
  recordings: { answered: number; complete: number; missing: number; wrongLength: number; worstOffSeconds: number };
  /** Each load process's event-loop delay while it worked: how late its own timestamps can be. */
  loopDelays: LoopDelay[];
  problems: string[];
}

type LoopDelay = NonNullable<ProcessResults['loopDelay']>;

export async function runCapacity(options: CapacityOptions): Promise<CapacityReport> {
  const log = options.log ?? (() => undefined);
  const loadNow = () => loadavg()[0]!;
  log(
    `starting the node (MongoDB, Redis, Janus + SIPp, API, workers); load ${loadNow().toFixed(1)} on ${cpus().length} CPUs`,
  );
  const deployment = await startDeployment();
  const generators: RpcChild[] = [];
  try {
    const leadsPerAgent = Math.ceil((options.minutes * 60) / (options.talkSeconds[0] + 4)) + 4;
    const people = await seedPeople(deployment, { agents: options.agents, leadsPerAgent });
    // Agents (each a WebRTC tab in JavaScript, 50 packets a second each way) share processes; team leads and owners,
    // who only read pages and receive live events, get one of their own, so a live event's arrival time is not
    // taken by a process busy with the agents' audio.
    const agentProcesses = Math.max(1, Math.ceil(options.agents / options.agentsPerProcess));
    const shares: Person[][] = Array.from({ length: agentProcesses + 1 }, () => []);
    let nextAgentShare = 0;
    for (const person of people) {
      if (person.role === 'agent') shares[nextAgentShare++ % agentProcesses]!.push(person);
      else shares[agentProcesses]!.push(person);
    }
    const processCount = shares.length;
    // Settled before the baseline: the node's memory with nobody signed in.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const baseline = snapshot(deployment, []);
    for (let i = 0; i < processCount; i++)
      generators.push(await forkChild('../capacity/load-process.ts', [], { maxOldSpaceMb: 2048 }));
    log(
      `signing in ${people.length} people (${options.agents} agents) in ${processCount} load-generator processes; load ${loadNow().toFixed(1)}`,
    );
    await Promise.all(
      generators.map((g, i) => g.call('prepare', { url: deployment.url, list: shares[i] }, 10 * 60_000)),
    );
    const generatorPids = generators.map((g) => g.pid);
    const before = snapshot(deployment, generatorPids);
    const startedAt = Date.now();
    const endAt = startedAt + options.minutes * 60_000;
    const loads: number[] = [loadNow()];
    const sampler = setInterval(() => loads.push(loadNow()), 5_000);
    log(`measuring for ${options.minutes} min from ${new Date(startedAt).toISOString()}; load ${loadNow().toFixed(1)}`);
    // The window closes at endAt while the people work on: the calls in progress then end at their own time after
    // it (their recordings and drops are still checked), so the window is steady work to its last second.
    const windowClosed = new Promise<{ after: Snapshot; at: number }>((resolve) =>
      setTimeout(() => {
        clearInterval(sampler);
        loads.push(loadNow());
        resolve({ after: snapshot(deployment, generatorPids), at: Date.now() });
      }, endAt - Date.now()),
    );
    const lastCallMs = options.talkSeconds[1] * 1000 + 120_000;
    try {
      await Promise.all(
        generators.map((g) =>
          g.call('work', { startedAt, endAt, options: stripLog(options) }, options.minutes * 60_000 + lastCallMs),
        ),
      );
    } finally {
      clearInterval(sampler);
    }
    const { after, at: closedAt } = await windowClosed;
    const measuredSeconds = (closedAt - startedAt) / 1000;
    log(`window closed; the last calls ended ${Math.round((Date.now() - closedAt) / 1000)} s after it`);
    const results = await Promise.all(generators.map((g) => g.call<ProcessResults>('results')));
    await Promise.all(generators.map((g) => g.call('close')));
    // The last calls' recordings are stored after their end.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const merged: ProcessResults = {
      http: results.flatMap((r) => r.http),
      calls: results.flatMap((r) => r.calls),
      deals: results.flatMap((r) => r.deals),
      receipts: results.flatMap((r) => r.receipts),
      problems: results.flatMap((r) => r.problems),
    };
    const loopDelays = results.flatMap((r) => (r.loopDelay ? [r.loopDelay] : []));
    return await report(
      deployment,
      options,
      people,
      merged,
      { baseline, before, after },
      measuredSeconds,
      startedAt,
      loads,
      loopDelays,
    );
  } finally {
    await Promise.all(generators.map((g) => g.stop()));
    await deployment.stop();
  }
}

/** The options sent to the load processes (a function does not cross the IPC channel). */
function stripLog(options: CapacityOptions): LoadOptions {
  const { talkSeconds, dealShare, pageEverySeconds, importRows } = options;
  return { talkSeconds, dealShare, pageEverySeconds, importRows };
}

async function report(
  deployment: Deployment,
  options: CapacityOptions,
  people: Person[],
  results: ProcessResults,
  snapshots: { baseline: Snapshot; before: Snapshot; after: Snapshot },
  measuredSeconds: number,
  startedAt: number,
  loads: number[],
  loopDelays: LoopDelay[],
): Promise<CapacityReport> {
  const agentHours = (options.agents * measuredSeconds) / 3600;
  // Latencies are the window's; what happened after it (the last calls ending) still counts for drops, sheds and
  // recordings.
  const windowEnd = startedAt + measuredSeconds * 1000;
  const windowHttp = results.http.filter((s) => s.at < windowEnd);
  const windowDeals = results.deals.filter((d) => d.sentAt < windowEnd);
  const roles = Object.keys(snapshots.after);
  const processes = roles.map((role) => {
    const cpuSeconds = snapshots.after[role]!.cpuSeconds - (snapshots.before[role]?.cpuSeconds ?? 0);
    return {
      role,
      cpuSeconds,
      cpuPerAgentHour: cpuSeconds / agentHours,
      rssMb: snapshots.after[role]!.rssBytes / 2 ** 20,
      rssGrowthMb: (snapshots.after[role]!.rssBytes - (snapshots.baseline[role]?.rssBytes ?? 0)) / 2 ** 20,
    };
  });
  const serverRoles = new Set<string>([
    'api',
    'workers',
    'speech',
    'mongodb',
    'redis',
    'janus',
    'sipp',
  ] satisfies ServerRole[]);
  const memoryPerAgentMb =
    processes.filter((p) => serverRoles.has(p.role)).reduce((s, p) => s + p.rssGrowthMb, 0) / options.agents;

  // Deal -> the team lead's socket.
  const receipts = new Map(results.receipts.map((r) => [r.leadName, r.at]));
  const arrived = windowDeals.flatMap((d) =>
    receipts.has(d.leadName) ? [{ sentAt: d.sentAt, delay: receipts.get(d.leadName)! - d.sentAt }] : [],
  );
  const delays = arrived.map((event) => event.delay);
  const slowEvents = arrived.filter((event) => event.delay > 500);

  // Dial -> INVITE at the lead phone, from its log (`at`: when the carrier read SIPp's line, up to ~25 ms late).
  const client = await MongoClient.connect(deployment.mongoUrl);
  const db = client.db();
  const invites = readLeadPhoneLog(deployment.leadPhoneLog).map((line) => ({ ...line, ms: Date.parse(line.at) }));
  const used = new Set<number>();
  const inviteAfter = (userId: string, from: number) => {
    const index = invites.findIndex(
      (line, i) => !used.has(i) && line.from.includes(`agent-${userId}@`) && line.ms >= from - 50,
    );
    if (index < 0) return undefined;
    used.add(index);
    return invites[index]!.ms;
  };
  const agentIds = people.filter((p) => p.role === 'agent').map((p) => new ObjectId(p.userId));
  const callDocs = await db
    .collection<{
      _id: ObjectId;
      agentId: ObjectId;
      startedAt: Date;
      connectedAt?: Date;
      endedAt?: Date;
      status?: string;
      autoDialed?: boolean;
      recordingId?: ObjectId;
    }>('calls')
    .find({ agentId: { $in: agentIds }, startedAt: { $gte: new Date(startedAt - 60_000) } })
    .sort({ startedAt: 1 })
    .toArray();
  const clicks = new Map(results.calls.filter((c) => c.kind === 'click' && c.callId).map((c) => [c.callId!, c]));
  const clickToInvite: number[] = [];
  const autoLate: number[] = [];
  const previousEnd = new Map<string, number>();
  for (const doc of callDocs) {
    const agent = doc.agentId.toHexString();
    const click = clicks.get(doc._id.toHexString());
    const invite = inviteAfter(agent, doc.startedAt.getTime());
    if (invite !== undefined && click?.clickAt) clickToInvite.push(invite - click.clickAt);
    else if (invite !== undefined && doc.autoDialed && previousEnd.has(agent))
      // Auto-dial is due 2 s after the previous call ended: how late its INVITE left.
      autoLate.push(invite - (previousEnd.get(agent)! + 2_000));
    if (doc.endedAt) previousEnd.set(agent, doc.endedAt.getTime());
  }

  // Recordings: every answered call has one, as long as the answered call (+/- 1 s), by the stored WAV's layout.
  const answered = callDocs.filter((d) => d.status === 'answered' && d.connectedAt && d.endedAt);
  const files = new Map(
    (
      await db
        .collection<{ _id: ObjectId; metadata?: { audio?: WavLayout } }>('recordings.files')
        .find({ _id: { $in: answered.flatMap((d) => (d.recordingId ? [d.recordingId] : [])) } })
        .toArray()
    ).map((f) => [f._id.toHexString(), f.metadata?.audio ? wavSeconds(f.metadata.audio) : undefined]),
  );
  let complete = 0;
  let missing = 0;
  let wrongLength = 0;
  let worstOffSeconds = 0;
  for (const doc of answered) {
    const seconds = doc.recordingId ? files.get(doc.recordingId.toHexString()) : undefined;
    if (seconds === undefined) {
      missing++;
      continue;
    }
    // Against the call's stored answer and end, which the API writes when it applies them (a loaded node later).
    const off = Math.abs(seconds - (doc.endedAt!.getTime() - doc.connectedAt!.getTime()) / 1000);
    worstOffSeconds = Math.max(worstOffSeconds, off);
    if (off > 1) wrongLength++;
    else complete++;
  }
  await client.close();

  // HTTP per route.
  const groups = new Map<string, HttpSample[]>();
  for (const sample of windowHttp) {
    const key = `${sample.who}|${sample.route}`;
    groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  const http = [...groups.entries()]
    .map(([key, samples]) => {
      const [who, route] = key.split('|') as [string, string];
      const ms = samples.map((s) => s.ms);
      return {
        route,
        who,
        count: samples.length,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        errors: samples.filter((s) => s.status === 0 || s.status >= 500).length,
      };
    })
    .sort((a, b) => a.who.localeCompare(b.who) || b.count - a.count);
  const agentPageReads = windowHttp.filter((s) => s.who === 'agent' && s.route.startsWith('GET ')).map((s) => s.ms);

  const shedSamples = results.http.filter((s) => s.status === 503 && s.code === 'OVERLOADED');
  const unavailable = results.http.filter((s) => s.status >= 500 && s.code !== 'OVERLOADED');
  const unavailableByRoute: Record<string, number> = {};
  for (const s of unavailable) {
    const key = `${s.route} ${s.status} ${s.code ?? ''}`.trim();
    unavailableByRoute[key] = (unavailableByRoute[key] ?? 0) + 1;
  }
  const byRoute: Record<string, number> = {};
  for (const s of shedSamples) byRoute[s.route] = (byRoute[s.route] ?? 0) + 1;
  const logged = deployment
    .apiOutput()
    .split('\n')
    .filter((line) => line.includes('request shed')).length;

  const problemCalls = results.calls.filter((c: CallRecord) => c.problem);
  return {
    agents: options.agents,
    teamLeads: people.filter((p) => p.role === 'team lead').length,
    owners: people.filter((p) => p.role === 'owner').length,
    measuredSeconds,
    load: {
      start: loads[0]!,
      end: loads.at(-1)!,
      mean: loads.reduce((s, l) => s + l, 0) / loads.length,
      max: Math.max(...loads),
    },
    processes,
    memoryPerAgentMb,
    loopDelays,
    loopProbe: loopProbeLines(deployment.loopProbeDir, slowEvents, startedAt, windowEnd),
    liveEvent: {
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      samples: delays.length,
      missing: windowDeals.length - delays.length,
    },
    clickToInvite: {
      p50: percentile(clickToInvite, 50),
      p95: percentile(clickToInvite, 95),
      p99: percentile(clickToInvite, 99),
      samples: clickToInvite.length,
    },
    autoDialLate: {
      p50: percentile(autoLate, 50),
      p95: percentile(autoLate, 95),
      p99: percentile(autoLate, 99),
      samples: autoLate.length,
    },
    http,
    agentPagesP99: percentile(agentPageReads, 99),
    calls: {
      placed: results.calls.length,
      connected: results.calls.filter((c) => c.connected).length,
      dropped: problemCalls.length,
      problems: problemCalls.map((c) => c.problem!),
    },
    shed: {
      total: shedSamples.length,
      neverShedRoutes: shedSamples.filter((s) => NEVER_SHED.includes(s.route)).length,
      byRoute,
      logged,
    },
    otherErrors: unavailableByRoute,
    recordings: { answered: answered.length, complete, missing, wrongLength, worstOffSeconds },
    problems: results.problems,
  };
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`);

/** The run as the table docs/performance.md records. */
export function formatReport(r: CapacityReport): string {
  const lines: string[] = [];
  lines.push(
    `capacity: ${r.agents} agents, ${r.teamLeads} team leads, ${r.owners} owners; measured ${(r.measuredSeconds / 60).toFixed(1)} min; load average ${r.load.start.toFixed(1)} -> ${r.load.end.toFixed(1)} (mean ${r.load.mean.toFixed(1)}, max ${r.load.max.toFixed(1)}) on ${cpus().length} CPUs`,
  );
  lines.push('', 'process            CPU s   CPU s/agent-hour   RSS MB   RSS growth MB');
  for (const p of r.processes)
    lines.push(
      `${p.role.padEnd(18)} ${p.cpuSeconds.toFixed(1).padStart(6)}   ${p.cpuPerAgentHour.toFixed(1).padStart(16)}   ${p.rssMb.toFixed(0).padStart(6)}   ${p.rssGrowthMb.toFixed(1).padStart(13)}`,
    );
  const server = r.processes.filter((p) => !['load generator', 'carrier supervisor'].includes(p.role));
  lines.push(
    `${'server total'.padEnd(18)} ${server
      .reduce((s, p) => s + p.cpuSeconds, 0)
      .toFixed(1)
      .padStart(6)}   ${server
      .reduce((s, p) => s + p.cpuPerAgentHour, 0)
      .toFixed(1)
      .padStart(16)}`,
  );
  lines.push('');
  lines.push(`memory per agent (server RSS growth / agents): ${r.memoryPerAgentMb.toFixed(1)} MB`);
  lines.push(
    `live event (deal -> team lead's socket): p50 ${ms(r.liveEvent.p50)}, p99 ${ms(r.liveEvent.p99)} (${r.liveEvent.samples} deals, ${r.liveEvent.missing} never arrived)`,
  );
  lines.push(
    `click (dial request) -> INVITE at the carrier: p50 ${ms(r.clickToInvite.p50)}, p95 ${ms(r.clickToInvite.p95)}, p99 ${ms(r.clickToInvite.p99)} (${r.clickToInvite.samples} calls)`,
  );
  lines.push(
    `auto-dial INVITE after its due time (end + 2 s): p50 ${ms(r.autoDialLate.p50)}, p95 ${ms(r.autoDialLate.p95)}, p99 ${ms(r.autoDialLate.p99)} (${r.autoDialLate.samples} calls)`,
  );
  lines.push(
    `load processes' event-loop delay p50 / p99 / max: ${r.loopDelays.map((d) => `${d.role} ${d.p50} / ${d.p99} / ${d.max} ms`).join('; ')}`,
  );
  lines.push(`HTTP p99 of the agents' page reads: ${ms(r.agentPagesP99)}`);
  lines.push(
    `calls: ${r.calls.placed} placed, ${r.calls.connected} connected, ${r.calls.dropped} dropped or failed${r.calls.problems.length ? ` (${[...new Set(r.calls.problems)].slice(0, 5).join('; ')})` : ''}`,
  );
  lines.push(
    `503s shed: ${r.shed.total} answers (${r.shed.neverShedRoutes} on sign-in/refresh/call control), ${r.shed.logged} 'request shed' lines logged${r.shed.total ? `: ${JSON.stringify(r.shed.byRoute)}` : ''}`,
  );
  if (Object.keys(r.otherErrors).length) lines.push(`other 5xx answers: ${JSON.stringify(r.otherErrors)}`);
  lines.push(
    `recordings: ${r.recordings.complete} of ${r.recordings.answered} answered calls complete (${r.recordings.missing} missing, ${r.recordings.wrongLength} more than 1 s off the stored answered time; worst ${r.recordings.worstOffSeconds.toFixed(1)} s)`,
  );
  lines.push('', 'HTTP by page            who          count   p50 ms   p99 ms   5xx');
  for (const h of r.http)
    lines.push(
      `${h.route.padEnd(34)} ${h.who.padEnd(10)} ${String(h.count).padStart(6)} ${Math.round(h.p50).toString().padStart(8)} ${Math.round(h.p99).toString().padStart(8)} ${String(h.errors).padStart(5)}`,
    );
  lines.push(...r.loopProbe);
  if (r.problems.length) lines.push('', `problems: ${[...new Set(r.problems)].slice(0, 10).join('; ')}`);
  return lines.join('\n');
}
