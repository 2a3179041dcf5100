import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents } from '../../shared/events.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { liveMarkers } from '../support/live-markers.js';
import { eventually } from '../support/http.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

// Fault (3) of the scale-out issue: one of two API nodes restarts while clients are connected through the proxy.
// The clients reconnect to the other node and, thanks to connection state recovery on the Redis Streams adapter,
// miss none of the numbered events emitted while they were reconnecting.
let nodeA: TestApp;
let nodeB: TestApp;
let agent: CreatedUser;
let proxy: TcpProxy;
let target: number;

const portOf = (app: TestApp) => Number(new URL(app.url).port);

beforeAll(async () => {
  nodeA = await buildTestApp({ workers: false });
  nodeB = await buildTestApp({ workers: false, nodeOf: nodeA });
  agent = await createUser(nodeA);
  target = portOf(nodeA);
  // New connections go to the current target.
  proxy = await startTcpProxy(() => target);
});

afterAll(async () => {
  proxy?.close();
  await nodeB?.platform.db.dropDatabase().catch(() => {});
  await nodeB?.close();
});

describe('an API node restarts under connected clients', () => {
  it('the clients move to the other node and miss no event emitted meanwhile', async () => {
    const clients: Socket[] = [];
    const received: number[][] = [];
    for (let i = 0; i < 5; i++) {
      const socket = connectSocket(proxy.url, {
        auth: { token: agent.accessToken },
        transports: ['websocket'],
        reconnectionDelay: 100,
        reconnectionDelayMax: 300,
        forceNew: true,
      });
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
    const emit = () => liveMarkers(nodeB.platform.live).toUser(userId, { seq: seq++ });
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

    await eventually(async () => (received.every((r) => r.length >= seq) ? true : undefined), 15_000).catch(
      () => undefined,
    );
    const expected = Array.from({ length: seq }, (_, i) => i);
    for (const seen of received) expect(seen).toEqual(expected);
    expect(clients.every((c) => c.recovered)).toBe(true);
    for (const c of clients) c.disconnect();
  });
});
