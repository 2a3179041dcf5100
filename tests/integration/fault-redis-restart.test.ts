import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../server/features/email/enqueue.js';
import { startLocalRedis, type LocalRedis } from '../../server/platform/local-redis.js';
import { startWorkers } from '../../workers/index.js';
import { createRedis } from '../../server/platform/redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
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
    await Promise.all(keys.map((key) => enqueueEmail(testApp.platform, { key, to: `${key}@test.local`, template: 'waitlist-confirmation', data: { name: key } })));

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
      await eventually(async () => ((await outbox.countDocuments({ to: { $regex: '^restart-' } })) === keys.length ? true : undefined), 30_000);
      const perRecipient = await outbox.aggregate([{ $match: { to: { $regex: '^restart-' } } }, { $group: { _id: '$to', n: { $sum: 1 } } }, { $match: { n: { $gt: 1 } } }]).toArray();
      expect(perRecipient).toEqual([]);
    } finally {
      await workers.close();
      workerRedis.disconnect();
    }
  });
});
