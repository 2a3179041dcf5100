import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rooms, SocketEvents } from '../../shared/events.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { liveMarkers } from '../support/live-markers.js';
import { eventually } from '../support/http.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

// A short network cut between clients and their API node (issue 9): every connection through the proxy is cut and
// new ones are refused for a while, as when a phone changes networks. Numbered events keep being emitted to the
// user's room and to the feed room during the cut; connection state recovery must replay them in order, once.
let app: TestApp;
let agent: CreatedUser;
let proxy: TcpProxy;
let cut = false;

beforeAll(async () => {
  app = await buildTestApp({ workers: false });
  agent = await createUser(app);
  const port = Number(new URL(app.url).port);
  proxy = await startTcpProxy(
    () => port,
    () => cut,
  );
});

afterAll(async () => {
  proxy?.close();
  await app?.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a short network cut', () => {
  it('the clients reconnect and recover every event emitted during the cut, in order, once', async () => {
    const clients: Array<{ socket: Socket; toUser: number[]; toFeed: number[]; disconnects: number }> = [];
    for (let i = 0; i < 4; i++) {
      const socket = connectSocket(proxy.url, {
        auth: { token: agent.accessToken },
        transports: ['websocket'],
        reconnectionDelay: 200,
        reconnectionDelayMax: 400,
        forceNew: true,
      });
      const client = { socket, toUser: [] as number[], toFeed: [] as number[], disconnects: 0 };
      socket.on(SocketEvents.systemPong, (payload: { seq: number; to: string }) =>
        (payload.to === 'feed' ? client.toFeed : client.toUser).push(payload.seq),
      );
      socket.on('disconnect', () => client.disconnects++);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      clients.push(client);
    }
    // The feed room is joined by a feature handler after the connection; wait until a feed event arrives.
    await eventually(async () => {
      liveMarkers(app.platform.live).toRoom(Rooms.feed, { seq: -1, to: 'feed' });
      await pause(50);
      return clients.every((c) => c.toFeed.includes(-1)) ? true : undefined;
    });
    for (const c of clients) c.toFeed.length = 0;

    const userId = agent.user._id.toHexString();
    let seq = 0;
    const emit = () => {
      liveMarkers(app.platform.live).toUser(userId, { seq, to: 'user' });
      liveMarkers(app.platform.live).toRoom(Rooms.feed, { seq, to: 'feed' });
      seq++;
    };
    for (let i = 0; i < 10; i++) {
      emit();
      await pause(20);
    }
    cut = true;
    proxy.cutAll();
    // 1.5 s without a network, events still being emitted.
    for (let i = 0; i < 30; i++) {
      emit();
      await pause(50);
    }
    expect(clients.every((c) => !c.socket.connected)).toBe(true);
    cut = false;
    await eventually(async () => (clients.every((c) => c.socket.connected) ? true : undefined), 10_000);
    for (let i = 0; i < 10; i++) {
      emit();
      await pause(20);
    }

    await eventually(
      async () => (clients.every((c) => c.toUser.length >= seq && c.toFeed.length >= seq) ? true : undefined),
      10_000,
    ).catch(() => undefined);
    const expected = Array.from({ length: seq }, (_, i) => i);
    for (const c of clients) {
      expect(c.disconnects).toBeGreaterThanOrEqual(1);
      expect(c.socket.recovered).toBe(true);
      expect(c.toUser).toEqual(expected);
      expect(c.toFeed).toEqual(expected);
    }
    for (const c of clients) c.socket.disconnect();
  });
});
