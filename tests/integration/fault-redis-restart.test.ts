import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rooms, SocketEvents } from '../../shared/events.js';
import { enqueueEmail } from '../../server/features/email/enqueue.js';
import { liveEventsFrom } from '../../server/platform/live-events.js';
import { startLocalRedis, type LocalRedis } from '../../server/platform/local-redis.js';
import { redisPresence } from '../../server/platform/presence.js';
import { createHeadlessSocketServer } from '../../server/platform/sockets.js';
import { startWorkers } from '../../workers/index.js';
import { createRedis } from '../../server/platform/redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { liveMarkers } from '../support/live-markers.js';
import { createUser } from '../support/factories.js';
import { eventually } from '../support/http.js';

// Fault (2) of the scale-out issue: redis-server (AOF on) restarts under the app. /readyz says so while it is
// down, the app recovers by itself, and no queued job is lost.
let dir: string;
let redis: LocalRedis;
let testApp: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cw-redis-restart-'));
  redis = await startLocalRedis({ dir });
  testApp = await buildTestApp({ workers: false, redisUrl: redis.url });
});

afterAll(async () => {
  await testApp?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const readyz = async () => {
  const res = await fetch(`${testApp.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { redis: string } };
};

describe('redis-server restart', () => {
  it('answers 503 while Redis is down, recovers by itself, and loses no queued e-mail', async () => {
    expect((await readyz()).status).toBe(200);
    const keys = Array.from({ length: 200 }, (_, i) => `restart-${i}`);
    await Promise.all(
      keys.map((key) =>
        enqueueEmail(testApp.platform, {
          key,
          to: `${key}@test.local`,
          template: 'waitlist-confirmation',
          data: { name: key },
        }),
      ),
    );

    // A clean stop flushes the AOF, as a restart by an operator or a supervisor does.
    await redis.stop();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.redis).not.toBe('ok');

    redis = await startLocalRedis({ dir, port: redis.port });
    await eventually(async () => ((await readyz()).status === 200 ? true : undefined), 15_000);

    const workerRedis = createRedis(redis.url, 'bullmq');
    const workers = startWorkers(testApp.platform, workerRedis);
    try {
      const outbox = testApp.platform.db.collection('outbox');
      await eventually(
        async () => ((await outbox.countDocuments({ to: { $regex: '^restart-' } })) === keys.length ? true : undefined),
        30_000,
      );
      const perRecipient = await outbox
        .aggregate([
          { $match: { to: { $regex: '^restart-' } } },
          { $group: { _id: '$to', n: { $sum: 1 } } },
          { $match: { n: { $gt: 1 } } },
        ])
        .toArray();
      expect(perRecipient).toEqual([]);
    } finally {
      await workers.close();
      workerRedis.disconnect();
    }
  });

  it('0 sequence gaps for numbered events across a 5 s Redis restart', async () => {
    // Emitters as the product has them: the API node's own `platform.live`, and a worker's (a headless Socket.IO
    // server on its own adapter connection, built as server/runtime.ts builds it for `npm run worker`), whose events
    // reach the API node's sockets only through the Redis stream.
    const workerAdapterRedis = createRedis(redis.url, 'adapter');
    const workerIo = createHeadlessSocketServer(workerAdapterRedis, testApp.config.redisPrefix);
    const workerLive = liveEventsFrom(workerIo, redisPresence(testApp.platform.redis, testApp.config.redisPrefix));
    const emitters = { api: testApp.platform.live, worker: workerLive };
    type Source = keyof typeof emitters;
    const clients: Socket[] = [];
    try {
      const users = await Promise.all([createUser(testApp), createUser(testApp), createUser(testApp)]);
      // Four tabs: one per user, and a second one for the first user.
      for (const user of [...users, users[0]]) clients.push(await testApp.socket(user.accessToken));
      const received = clients.map(() => ({ api: [] as number[], worker: [] as number[] }));
      const connection = clients.map(() => ({ disconnects: 0, reconnects: 0, recovered: [] as boolean[] }));
      let longestDelay = 0;
      clients.forEach((socket, i) => {
        socket.on(SocketEvents.systemPong, (payload: { source?: Source; seq?: number; at?: number }) => {
          if (!payload.source || typeof payload.seq !== 'number') return;
          received[i][payload.source].push(payload.seq);
          longestDelay = Math.max(longestDelay, Date.now() - payload.at!);
        });
        socket.on('disconnect', () => (connection[i].disconnects += 1));
        socket.on('connect', () => {
          connection[i].reconnects += 1;
          connection[i].recovered.push(socket.recovered);
        });
      });
      // The feed room is joined by the community feature just after the connection; wait until every tab is in it.
      const warmedUp = clients.map(() => false);
      clients.forEach((socket, i) =>
        socket.on(SocketEvents.systemPong, (payload: { warmup?: boolean }) => payload.warmup && (warmedUp[i] = true)),
      );
      await eventually(async () => {
        liveMarkers(testApp.platform.live).toRoom(Rooms.feed, { warmup: true });
        return warmedUp.every(Boolean) ? true : undefined;
      });

      // Both emitters send one numbered event every 100 ms, before, during and after the outage.
      const sent: Record<Source, number> = { api: 0, worker: 0 };
      const tick = setInterval(() => {
        for (const source of Object.keys(emitters) as Source[])
          liveMarkers(emitters[source]).toRoom(Rooms.feed, { source, seq: sent[source]++, at: Date.now() });
      }, 100);
      try {
        await new Promise((r) => setTimeout(r, 1_500));
        const sentBeforeOutage = sent.api;
        await redis.stop();
        expect((await readyz()).status).toBe(503);
        await new Promise((r) => setTimeout(r, 5_000));
        redis = await startLocalRedis({ dir, port: redis.port });
        await eventually(async () => ((await readyz()).status === 200 ? true : undefined), 15_000);
        await new Promise((r) => setTimeout(r, 1_500));
        expect(sent.api - sentBeforeOutage).toBeGreaterThanOrEqual(60);
      } finally {
        clearInterval(tick);
      }

      const complete = () => received.every((r) => r.api.length >= sent.api && r.worker.length >= sent.worker);
      await eventually(async () => (complete() ? true : undefined), 20_000).catch(() => undefined);
      // Any late duplicate would arrive now.
      await new Promise((r) => setTimeout(r, 500));
      const expected = (n: number) => Array.from({ length: n }, (_, i) => i);
      for (const r of received) {
        expect(r.api).toEqual(expected(sent.api));
        expect(r.worker).toEqual(expected(sent.worker));
      }
      console.info(
        `numbered events across the restart: ${sent.api} from the API node and ${sent.worker} from a worker to ${clients.length} tabs, longest delivery ${longestDelay} ms; socket connections: ${JSON.stringify(connection)}`,
      );
    } finally {
      for (const socket of clients) socket.disconnect();
      await workerIo.of('/').adapter.close();
      workerAdapterRedis.disconnect();
    }
  });
});
