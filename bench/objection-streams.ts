/**
 * `npm run bench:objection-streams`: does live objection spotting slow call control down? The whole app runs in this
 * process (API, Socket.IO, workers, as `npm start` runs them, simulator phone); one agent holds an open-line call
 * (555-010-0005) and CONCURRENCY clients send call-control requests (mute on/off and the dialer state) back to back
 * for BENCH_SECONDS without a recogniser stream, then as long with STREAMS live ones (BENCH_ROUNDS times, alternated): each a pocketsphinx child fed an
 * objection-laden lead audio loop in real time, 20 ms frames through this process's event loop, as the relay feeds it.
 * Prints both p50/p99s, the p99 change, the recognisers' CPU per live stream and the load average.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { assemble, speak, toNarrowband, type Utterance } from './objection-audio.js';
import { createObjectionSpotter, speechProblem } from '../server/platform/speech/objection-spotter.js';
import { spottingPhrases } from '../server/platform/speech/phrases.js';
import { connectDialer } from '../tests/support/dialer.js';
import { createUser } from '../tests/support/factories.js';
import { startInProcessApp } from './suite/in-process-app.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** CPU seconds (user + system) of a process, from /proc (Linux). */
function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function main() {
  const problem = speechProblem();
  if (problem) throw new Error(problem);
  process.env.TEST_NO_DOCKER = '1';
  const { runtime, url, shim } = await startInProcessApp(mkdtempSync(path.join(tmpdir(), 'cw-bench-speech-')), {
    PHONE_PROVIDER: 'simulator',
  });
  const agent = await createUser(shim);
  await connectDialer(shim, agent.accessToken);
  const headers = { authorization: `Bearer ${agent.accessToken}`, 'content-type': 'application/json' };
  const placed = await fetch(`${url}/api/dialer/calls`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone: '5550100005' }),
  });
  const { id: callId } = (await placed.json()) as { id: string };
  for (let i = 0; i < 100; i++) {
    const state = (await (await fetch(`${url}/api/dialer/state`, { headers })).json()) as { call?: { state: string } };
    if (state.call?.state === 'connected') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  /** Call-control requests back to back for BENCH_SECONDS from CONCURRENCY clients: their latencies in ms. */
  async function callControl(): Promise<number[]> {
    const latencies: number[] = [];
    const until = Date.now() + SECONDS * 1_000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, client) => {
        for (let n = 0; Date.now() < until; n++) {
          const started = performance.now();
          const answer =
            n % 2 === 0
              ? await fetch(`${url}/api/dialer/calls/${callId}/mute`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({ muted: (n + client) % 4 < 2 }),
                })
              : await fetch(`${url}/api/dialer/state`, { headers });
          await answer.arrayBuffer();
          if (answer.ok) latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies;
  }

  console.log(
    `objection-stream benchmark: ${ROUNDS} rounds of ${SECONDS} s without and ${SECONDS} s with ${STREAMS} streams, ${CONCURRENCY} call-control clients, ${cpus().length} CPUs`,
  );
  console.log(`load average before: ${load()}`);
  const utterances: Utterance[] = [
    { text: 'We moved into the house about three years ago.' },
    { text: 'Honestly, that is too expensive.', phrase: 'too expensive' },
    { text: 'What kind of warranty comes with the panels?' },
    { text: "Look, I'm not interested, okay?", phrase: 'not interested' },
  ];
  const { audio } = assemble(
    await Promise.all(utterances.map(async (u) => toNarrowband(await speak('en-us', 150, u.text)))),
    utterances,
    400,
  );
  const frames = Math.floor(audio.length / 160);
  const spotter = createObjectionSpotter({ maxStreams: STREAMS });
  const format = { encoding: 'mulaw', sampleRate: 8000 } as const;
  let heard = 0;
  let refusal = '';
  let cpuUsed = 0;
  let busySeconds = 0;

  /** Call control while STREAMS recognisers listen: each is fed in real time from its own point of the loop. */
  async function withStreams(): Promise<number[]> {
    const streams = Array.from({ length: STREAMS }, () => {
      const opened = spotter.open({ phrases: spottingPhrases(), format, onObjection: () => heard++ });
      if (!opened.ok) throw new Error(opened.reason);
      return opened.stream;
    });
    const beyond = spotter.open({ phrases: spottingPhrases(), format, onObjection: () => undefined });
    refusal = beyond.ok ? 'not refused' : beyond.reason;
    let frame = 0;
    const feeder = setInterval(() => {
      streams.forEach((stream, i) => {
        const at = ((frame + i * 97) % frames) * 160;
        stream.write(audio.subarray(at, at + 160));
      });
      frame++;
    }, 20);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the recognisers are up and decoding
    const cpuBefore = streams.map((s) => cpuSecondsOf(s.recogniserPid()));
    const started = Date.now();
    const latencies = await callControl();
    busySeconds += (Date.now() - started) / 1_000;
    cpuUsed += streams.reduce((sum, s, i) => sum + cpuSecondsOf(s.recogniserPid()) - cpuBefore[i]!, 0);
    clearInterval(feeder);
    await Promise.all(streams.map((s) => s.end()));
    return latencies;
  }

  // Alternated, so the other load on the machine drifts over both alike.
  const quiet: number[] = [];
  const busy: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    quiet.push(...(await callControl()));
    busy.push(...(await withStreams()));
    console.log(`round ${round + 1}: load average ${load()}`);
  }
  const line = (label: string, values: number[]) =>
    `${label}: ${values.length} requests, p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;
  console.log(line('call control, 0 recogniser streams', quiet));
  console.log(line(`call control, ${STREAMS} recogniser streams`, busy));
  const change = (percentile(busy, 99) / percentile(quiet, 99) - 1) * 100;
  console.log(`p99 change: ${change >= 0 ? '+' : ''}${change.toFixed(1)}% (target: within 10%)`);
  console.log(
    `recogniser CPU: ${((cpuUsed / busySeconds / STREAMS) * 100).toFixed(1)}% of one core per live stream (${STREAMS} streams, ${heard} objections heard); stream ${STREAMS + 1}: ${refusal}`,
  );
  await runtime.stop({ dropDatabase: true });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
