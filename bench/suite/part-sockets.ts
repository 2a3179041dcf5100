// (a) Concurrent authenticated sockets held by one API node, and heap per idle authenticated socket, against a bare
// Socket.IO server holding as many sockets in the same run.
import type { PartContext, PartOutput } from './options.js';
import { ClientFleet, newDeployment, startNode, type NodeHandle } from './processes.js';
import { compared, type Figure } from './results.js';
import type { HeapFigures, NodeStats } from './server-node.js';
import { sleep, spread } from './stats.js';

const WARMUP_SOCKETS = 100;
const KB = 1024;

interface HeldSockets {
  heapPerSocket: number[];
  rssPerSocket: number[];
  connectPerSecond: number;
  failed: number;
  firstError?: string;
  openAtEnd: number;
  serverSocketsAtEnd: number;
  unexpectedDisconnects: Record<string, number>;
  heldMinutes: number;
}

/**
 * Connects `count` sockets after a warm-up round (so compiled code and pools are not counted as per-socket
 * memory), then holds them: heap samples (after full collections) are spread over the hold.
 */
async function hold(
  node: NodeHandle,
  fleet: ClientFleet,
  count: number,
  tokens: string[] | undefined,
  holdMs: number,
  samples: number,
  log: (m: string) => void,
): Promise<HeldSockets> {
  await fleet.connect(node.url, WARMUP_SOCKETS, tokens?.slice(-WARMUP_SOCKETS));
  await fleet.close();
  await sleep(2_000);
  const base = await node.call<HeapFigures>('heap');
  const connected = await fleet.connect(node.url, count, tokens?.slice(0, count), 100);
  log(
    `  ${connected.connected} connected in ${(connected.ms / 1000).toFixed(1)} s (${connected.failed} failed${connected.firstError ? `: ${connected.firstError}` : ''})`,
  );
  const started = Date.now();
  const heapPerSocket: number[] = [];
  const rssPerSocket: number[] = [];
  for (let i = 0; i < samples; i++) {
    const at = started + (samples === 1 ? 0 : (holdMs * i) / (samples - 1));
    await sleep(Math.max(i === 0 ? 2_000 : 0, at - Date.now()));
    const heap = await node.call<HeapFigures>('heap');
    const stats = await node.call<NodeStats>('stats');
    heapPerSocket.push((heap.heapUsed - base.heapUsed) / Math.max(1, stats.sockets));
    rssPerSocket.push((heap.rss - base.rss) / Math.max(1, stats.sockets));
    log(
      `  +${((Date.now() - started) / 60_000).toFixed(1)} min: ${stats.sockets} sockets, heap ${(heap.heapUsed / 2 ** 20).toFixed(1)} MB (${(heapPerSocket.at(-1)! / KB).toFixed(1)} KB/socket)`,
    );
  }
  const counts = await fleet.counts();
  const stats = await node.call<NodeStats>('stats');
  const held = {
    heapPerSocket,
    rssPerSocket,
    connectPerSecond: connected.connected / (connected.ms / 1000),
    failed: connected.failed,
    firstError: connected.firstError,
    openAtEnd: counts.open,
    serverSocketsAtEnd: stats.sockets,
    unexpectedDisconnects: counts.disconnects,
    heldMinutes: (Date.now() - started) / 60_000,
  };
  await fleet.close();
  return held;
}

export async function socketsPart(ctx: PartContext): Promise<PartOutput> {
  const { options, log } = ctx;
  const count = options.sockets;
  const holdMs = options.holdMinutes * 60_000;
  // At least one heap sample a minute over a long hold, so a leak or a drop shows.
  const samples = Math.max(3, options.runs, Math.ceil(options.holdMinutes) + 1);
  const backends = await ctx.backends();
  const fleet = await ClientFleet.start(options.clientProcesses);
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    log(`bare Socket.IO server: ${count} sockets`);
    const bare = await startNode('bare-io');
    const reference = await hold(bare, fleet, count, undefined, Math.min(holdMs, 10_000), samples, log);
    await bare.stop();

    log(`API node: creating ${count + WARMUP_SOCKETS} users`);
    const app = await startNode('app', newDeployment(backends));
    const users = await app.call<Array<{ token: string }>>('makeUsers', { count: count + WARMUP_SOCKETS });
    const tokens = users.map((u) => u.token);
    log(`API node: ${count} authenticated sockets held ${options.holdMinutes} min`);
    const measured = await hold(app, fleet, count, tokens, holdMs, samples, log);
    await app.stop();

    const disconnects = Object.values(measured.unexpectedDisconnects).reduce((s, n) => s + n, 0);
    const held = compared(
      {
        name: `authenticated sockets held by one API node for ${measured.heldMinutes.toFixed(1)} min`,
        unit: 'sockets',
        value: spread([measured.openAtEnd]),
        target: '10,000 for 15 min',
        note: `${measured.failed} refused at connect; the server counted ${measured.serverSocketsAtEnd}`,
      },
      { valueAtLeast: 10_000 },
    );
    held.met &&= measured.heldMinutes >= 15;
    figures.push(
      held,
      compared(
        {
          name: 'unexpected disconnects during the hold',
          unit: '',
          value: spread([disconnects]),
          target: '0',
          note: JSON.stringify(measured.unexpectedDisconnects),
        },
        { valueAtMost: 0 },
      ),
      compared(
        {
          name: 'heap per idle authenticated socket',
          unit: 'KB',
          value: spread(measured.heapPerSocket.map((b) => b / KB)),
          reference: { name: 'bare Socket.IO', value: spread(reference.heapPerSocket.map((b) => b / KB)) },
          target: '≤ 1.3× bare (bare ref. 11–14 KB)',
        },
        { ratioAtMost: 1.3 },
      ),
      compared({
        name: 'RSS per idle socket',
        unit: 'KB',
        value: spread(measured.rssPerSocket.map((b) => b / KB)),
        reference: { name: 'bare Socket.IO', value: spread(reference.rssPerSocket.map((b) => b / KB)) },
      }),
      compared(
        {
          name: 'socket handshakes per second (JWT, the user from the node cache or one batched read, one Redis round trip for presence and the revocation check, rooms)',
          unit: 'sockets/s',
          value: spread([measured.connectPerSecond]),
          reference: { name: 'bare Socket.IO', value: spread([reference.connectPerSecond]) },
          target: '≥ 0.6× bare',
        },
        { ratioAtLeast: 0.6 },
      ),
    );
    notes.push(
      `Heap per socket = (settled heap with the sockets open − settled heap after a ${WARMUP_SOCKETS}-socket warm-up round) ÷ sockets; ` +
        `the runs are ${samples} samples spread over the hold (each after full collections, \`--expose-gc\`). The bare reference holds its sockets ${Math.min(holdMs, 10_000) / 1000} s.`,
      `Each socket is its own user (one signed up through the services, the others copies of its document: 10,000 scrypt sign-ups would take minutes of CPU). ` +
        'The API node is `server/runtime.ts` with the API only (NODE_ENV=production), in its own process; the clients are ' +
        `${options.clientProcesses} other processes (websocket transport).`,
      `Bare reference: \`new Server(httpServer)\` with defaults (in-memory adapter, no auth); it held ${reference.openAtEnd} sockets with ${Object.values(reference.unexpectedDisconnects).reduce((s, n) => s + n, 0)} unexpected disconnects.`,
    );
    if (count >= 5_000)
      notes.push(
        'Many sockets need file descriptors on both sides: check `ulimit -n` (here 20,000 per process; the clients are split over processes).',
      );
  } finally {
    await fleet.stop();
  }
  return {
    title: '(a) Sockets held by one API node',
    params: { sockets: count, 'hold minutes': options.holdMinutes, 'client processes': options.clientProcesses },
    figures,
    notes,
  };
}
