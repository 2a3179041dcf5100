import { createServer, connect, type Server, type Socket as TcpSocket } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/http.js';
import { createUser, type CreatedUser } from '../support/factories.js';

// Fault (3) of the scale-out issue: one of two API nodes restarts while clients are connected through the proxy.
// The clients reconnect to the other node and, thanks to connection state recovery on the Redis Streams adapter,
// miss none of the numbered events emitted while they were reconnecting.
let nodeA: TestApp;
let nodeB: TestApp;
let agent: CreatedUser;
let proxy: Server;
let proxyUrl: string;
let target: number;
const piped = new Set<TcpSocket>();

const portOf = (app: TestApp) => Number(new URL(app.url).port);

beforeAll(async () => {
  nodeA = await buildTestApp({ workers: false });
  nodeB = await buildTestApp({ workers: false, nodeOf: nodeA });
  agent = await createUser(nodeA);
  target = portOf(nodeA);
  // A load balancer in miniature: new connections go to the current target.
  proxy = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      piped.add(s);
      s.on('close', () => piped.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  proxy?.close();
  for (const s of piped) s.destroy();
  await nodeB?.platform.db.dropDatabase().catch(() => {});
  await nodeB?.close();
});

describe('an API node restarts under connected clients', () => {
  it('the clients move to the other node and miss no event emitted meanwhile', async () => {
    const clients: Socket[] = [];
    const received: number[][] = [];
    for (let i = 0; i < 5; i++) {
      const socket = connectSocket(proxyUrl, { auth: { token: agent.accessToken }, transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 300, forceNew: true });
      const seen: number[] = [];
      socket.on(SocketEvents.systemPong, (payload: { seq: number }) => seen.push(payload.seq));

      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      clients.push(socket);
      received.push(seen);
    }
    const userId = agent.user._id.toHexString();
    // Node B emits throughout; its events reach node A's sockets through the shared adapter.
    let seq = 0;
    const emit = () => nodeB.platform.live.toUser(userId, SocketEvents.systemPong, { seq: seq++ });
    for (let i = 0; i < 20; i++) {
      emit();
      await new Promise((r) => setTimeout(r, 10));
    }
    await eventually(async () => (received.every((r) => r.length === 20) ? true : undefined));
    target = portOf(nodeB);
    const stopping = nodeA.close({ keepData: true });
    for (let i = 0; i < 100; i++) {
      emit();
      await new Promise((r) => setTimeout(r, 10));
    }
    await stopping;
    await eventually(async () => (clients.every((c) => c.connected) ? true : undefined), 15_000);
    for (let i = 0; i < 20; i++) emit();

    await eventually(async () => (received.every((r) => r.length >= seq) ? true : undefined), 15_000).catch(() => undefined);
    const expected = Array.from({ length: seq }, (_, i) => i);
    for (const seen of received) expect(seen).toEqual(expected);
    expect(clients.every((c) => c.recovered)).toBe(true);
    for (const c of clients) c.disconnect();
  });
});
