// A process of Socket.IO clients, forked by the suite (several of them for many sockets), so the server under test
// never shares its event loop with the clients. Records, for every `post:liked` received, the delay since the
// server stamped it (both clocks are this machine's).
import { io, type Socket } from 'socket.io-client';
import { SocketEvents } from '../../shared/events.js';
import { serveRpc } from './rpc.js';
import { wallMs } from './stats.js';

export interface ConnectParams {
  url: string;
  count: number;
  /** One access token per socket (the app); omitted for the bare server. */
  tokens?: string[];
  /** Handshakes in flight at once. */
  concurrency: number;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  firstError?: string;
  ms: number;
}

export interface ClientCounts {
  open: number;
  /** Disconnects the suite did not ask for, by reason. */
  disconnects: Record<string, number>;
  connectErrors: number;
}

let sockets: Socket[] = [];
let latencies = new Float64Array(1 << 16);
let received = 0;
let closing = false;
const disconnects: Record<string, number> = {};
let connectErrors = 0;

function record(payload: { sentAt?: number }): void {
  const delay = wallMs() - (payload.sentAt ?? NaN);
  if (received === latencies.length) {
    const grown = new Float64Array(latencies.length * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[received++] = delay;
}

function open(url: string, token: string | undefined): Promise<Socket> {
  const socket = io(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
  });
  socket.on(SocketEvents.postLiked, record);
  socket.on('disconnect', (reason) => {
    if (!closing) disconnects[reason] = (disconnects[reason] ?? 0) + 1;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      connectErrors++;
      socket.disconnect();
      reject(error);
    });
  });
}

serveRpc({
  async connect({ url, count, tokens, concurrency }: ConnectParams): Promise<ConnectResult> {
    closing = false;
    const started = wallMs();
    let next = 0;
    let failed = 0;
    let firstError: string | undefined;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count) }, async () => {
        while (next < count) {
          const i = next++;
          try {
            sockets.push(await open(url, tokens?.[i]));
          } catch (error) {
            failed++;
            firstError ??= (error as Error).message;
          }
        }
      }),
    );
    return { connected: count - failed, failed, firstError, ms: wallMs() - started };
  },
  /** The delays recorded since the last call (ms), and forgets them. */
  collect(): Float64Array {
    const out = latencies.slice(0, received);
    received = 0;
    return out;
  },
  /** How many deliveries are recorded and not yet collected. */
  received: () => received,
  counts: (): ClientCounts => ({
    open: sockets.filter((s) => s.connected).length,
    disconnects: { ...disconnects },
    connectErrors,
  }),
  close() {
    closing = true;
    for (const socket of sockets) socket.disconnect();
    sockets = [];
    for (const key of Object.keys(disconnects)) delete disconnects[key];
    connectErrors = 0;
  },
});
