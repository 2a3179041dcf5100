// (b) Fan-out: one event to N sockets, delivery latency p50/p99 (socket receive time minus the server's send
// stamp), against a bare Socket.IO server broadcasting the same payload to as many sockets in the same run; and
// cross-node delivery (emitted on one API node, delivered by another through the Redis Streams adapter) against
// single-node delivery to the same sockets.
import type { PartContext, PartOutput } from './options.js';
import { likedPayload } from './payload.js';
import { ClientFleet, newDeployment, startNode, type NodeHandle } from './processes.js';
import { compared, type Figure } from './results.js';
import type { NodeStats } from './server-node.js';
import { percentiles, sleep, spread } from './stats.js';

interface Series {
  p50: number;
  p99: number;
  max: number;
  lost: number;
  /** CPU of the process that delivered to the sockets, per delivered message. */
  cpuMicrosPerDelivery: number;
}

interface Runs {
  p50: number[];
  p99: number[];
  lost: number[];
  cpu: number[];
}

const emptyRuns = (): Runs => ({ p50: [], p99: [], lost: [], cpu: [] });

function add(runs: Runs, s: Series): void {
  runs.p50.push(s.p50);
  runs.p99.push(s.p99);
  runs.lost.push(s.lost);
  runs.cpu.push(s.cpuMicrosPerDelivery);
}

async function series(
  emitter: NodeHandle,
  deliverer: NodeHandle,
  fleet: ClientFleet,
  sockets: number,
  count: number,
  intervalMs: number,
): Promise<Series> {
  await fleet.collect();
  const before = await deliverer.call<NodeStats>('stats');
  await emitter.call('broadcast', { count, intervalMs });
  // The last broadcast's deliveries may still be on their way (a lost one is given 3 s).
  const deadline = Date.now() + 3_000;
  while ((await fleet.received()) < sockets * count && Date.now() < deadline) await sleep(10);
  const after = await deliverer.call<NodeStats>('stats');
  const delays = await fleet.collect();
  const [p50, p99, max] = percentiles(delays, [50, 99, 100]);
  return {
    p50,
    p99,
    max,
    lost: sockets * count - delays.length,
    cpuMicrosPerDelivery: (after.cpuMicros - before.cpuMicros) / Math.max(1, delays.length),
  };
}

const ms = (values: number[]) => spread(values);

export async function fanoutPart(ctx: PartContext): Promise<PartOutput> {
  const { options, log } = ctx;
  const backends = await ctx.backends();
  const fleet = await ClientFleet.start(options.clientProcesses);
  const figures: Figure[] = [];
  const notes: string[] = [];
  const { broadcasts, broadcastIntervalMs: interval, runs } = options;
  const deployment = newDeployment(backends);
  const app = await startNode('app', deployment);
  const bare = await startNode('bare-io');
  let second: NodeHandle | undefined;
  const lostTotal = { app: 0, bare: 0, cross: 0, single: 0 };
  try {
    const largest = Math.max(...options.fanoutSizes, options.crossNodeSockets);
    log(`creating ${largest} users`);
    const tokens = (await app.call<Array<{ token: string }>>('makeUsers', { count: largest })).map((u) => u.token);

    for (const size of options.fanoutSizes) {
      log(`fan-out to ${size} sockets: connecting to the API node and to the bare server`);
      const a = await fleet.connect(app.url, size, tokens.slice(0, size), 100);
      const b = await fleet.connect(bare.url, size, undefined, 100);
      if (a.failed || b.failed)
        throw new Error(`sockets refused: app ${a.failed} (${a.firstError}), bare ${b.failed} (${b.firstError})`);
      await sleep(2_000);
      const measured = emptyRuns();
      const reference = emptyRuns();
      for (let r = 0; r < runs; r++) {
        // Alternate which goes first, so a change of the machine's load does not always favour the same side.
        for (const side of r % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
          const node = side === 'app' ? app : bare;
          const s = await series(node, node, fleet, size, broadcasts, interval);
          add(side === 'app' ? measured : reference, s);
          lostTotal[side] += s.lost;
          log(
            `  run ${r + 1} ${side.padEnd(4)}: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, ${s.cpuMicrosPerDelivery.toFixed(1)} µs CPU/delivery, lost ${s.lost}`,
          );
        }
      }
      await fleet.close();
      const p99Target = size <= 1_000 ? 25 : size <= 4_000 ? 75 : undefined;
      figures.push(
        compared(
          {
            name: `one event to ${size.toLocaleString('en-US')} sockets, p99`,
            unit: 'ms',
            value: ms(measured.p99),
            reference: { name: 'bare Socket.IO', value: ms(reference.p99) },
            target: p99Target ? `≤ ${p99Target} ms and ≤ 1.5× bare` : '≤ 1.5× bare',
          },
          { ratioAtMost: 1.5, ...(p99Target ? { valueAtMost: p99Target } : {}) },
        ),
        compared({
          name: `one event to ${size.toLocaleString('en-US')} sockets, p50`,
          unit: 'ms',
          value: ms(measured.p50),
          reference: { name: 'bare Socket.IO', value: ms(reference.p50) },
        }),
        compared({
          name: `server CPU per delivered message (${size.toLocaleString('en-US')} sockets)`,
          unit: 'µs',
          value: ms(measured.cpu),
          reference: { name: 'bare Socket.IO', value: ms(reference.cpu) },
          target: 'bare ref. ~7.5 µs',
        }),
      );
    }

    const crossSize = options.crossNodeSockets;
    log(
      `cross-node: ${crossSize} sockets on a second API node; emitted on the first (cross) or on the second (single)`,
    );
    second = await startNode('app', deployment);
    const c = await fleet.connect(second.url, crossSize, tokens.slice(0, crossSize), 100);
    if (c.failed) throw new Error(`sockets refused by the second node: ${c.failed} (${c.firstError})`);
    await sleep(2_000);
    const cross = emptyRuns();
    const single = emptyRuns();
    for (let r = 0; r < runs; r++) {
      for (const side of r % 2 ? (['single', 'cross'] as const) : (['cross', 'single'] as const)) {
        const s = await series(side === 'cross' ? app : second, second, fleet, crossSize, broadcasts, interval);
        add(side === 'cross' ? cross : single, s);
        lostTotal[side] += s.lost;
        log(
          `  run ${r + 1} ${side.padEnd(6)}: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, lost ${s.lost}`,
        );
      }
    }
    await fleet.close();
    figures.push(
      compared(
        {
          name: `cross-node delivery to ${crossSize.toLocaleString('en-US')} sockets, p99`,
          unit: 'ms',
          value: ms(cross.p99),
          reference: { name: 'single node, same sockets', value: ms(single.p99) },
          target: '≤ 2× single node',
        },
        { ratioAtMost: 2 },
      ),
      compared({
        name: `cross-node delivery to ${crossSize.toLocaleString('en-US')} sockets, p50`,
        unit: 'ms',
        value: ms(cross.p50),
        reference: { name: 'single node, same sockets', value: ms(single.p50) },
      }),
    );
    notes.push(
      `Each run: ${broadcasts} broadcasts of a \`post:liked\` (${JSON.stringify(likedPayload(1)).length} bytes of JSON) ${interval} ms apart; p50/p99 over every delivery of the run. ` +
        'The app emits through `platform.live.toRoom(feed)` (Redis Streams adapter, connection state recovery on: each broadcast is written to the stream before the local delivery); ' +
        'the bare server (`new Server(httpServer)`, in-memory adapter) uses `io.emit`. Latency = client receive time − send stamp taken just before the emit; ' +
        `the ${options.clientProcesses} client processes share the 2 cores with the server, so their own decoding time is in the figure (as in the issue's reference).`,
      `Deliveries lost over all runs: app ${lostTotal.app}, bare ${lostTotal.bare}, cross-node ${lostTotal.cross}, single-node ${lostTotal.single}.`,
      'Server CPU per delivered message = CPU time of the delivering process during the run (including its idle work) ÷ deliveries.',
      'Sequence gaps across a Redis restart and a forced reconnect are checked by the fault tests (tests/integration/fault-*.test.ts), not here.',
    );
  } finally {
    await fleet.stop();
    await Promise.all([app.stop(), bare.stop(), second?.stop()]);
  }
  return {
    title: '(b) Fan-out',
    params: {
      'sockets per broadcast': options.fanoutSizes,
      'cross-node sockets': options.crossNodeSockets,
      'broadcasts per run': broadcasts,
      runs,
      'client processes': options.clientProcesses,
    },
    figures,
    notes,
  };
}
