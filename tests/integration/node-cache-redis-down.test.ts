import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersCollection } from '../../server/features/users/repository.js';
import { startLocalRedis, type LocalRedis } from '../../server/platform/local-redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

let redis: LocalRedis;
let dir: string;
let testApp: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cw-node-cache-'));
  redis = await startLocalRedis({ dir });
  testApp = await buildTestApp({ workers: false, redisUrl: redis.url });
});

afterAll(async () => {
  await testApp?.close();
  await redis?.stop();
});

describe('the per-node caches while Redis is down', () => {
  it('are bypassed while the invalidation channel is down, and hold nothing stale once it is back', async () => {
    const user = await createUser(testApp, { name: 'Before Outage' });
    const http = client(testApp.url);
    const nameSeen = async () => (await http.get<{ name: string }>('/api/me', { token: user.accessToken })).body.name;
    expect(await nameSeen()).toBe('Before Outage');
    expect(await nameSeen()).toBe('Before Outage');

    await redis.stop();
    // A write no node hears of (its announcement cannot be published): the cache must not answer for it.
    await usersCollection(testApp.platform.db).updateOne({ _id: user.user._id }, { $set: { name: 'During Outage' } });
    await eventually(async () => ((await nameSeen()) === 'During Outage' ? true : undefined), 10_000);

    redis = await startLocalRedis({ dir, port: redis.port });
    await usersCollection(testApp.platform.db).updateOne({ _id: user.user._id }, { $set: { name: 'Unannounced' } });
    // Once the subscription is back the cache starts empty, so it cannot hold the name from before the outage.
    await eventually(async () => ((await nameSeen()) === 'Unannounced' ? true : undefined), 15_000);
  });
});
