import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../server/features/email/enqueue.js';
import { createRedis } from '../../server/platform/redis.js';
import { startWorkers } from '../../workers/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/http.js';
import { spawnWorkerProcess } from '../support/worker-process.js';

// Fault (1) of the scale-out issue: a worker process is SIGKILLed in the middle of its jobs; another worker
// finishes them, and every job's effect happens exactly once.
const JOB_LOCK_MS = '2000';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false, env: { JOB_LOCK_MS } });
});

afterAll(async () => {
  await testApp?.close();
});

describe('a worker killed mid-stream', () => {
  it('leaves no e-mail job unsent and sends none twice', async () => {
    const outbox = testApp.platform.db.collection('outbox');
    const keys = Array.from({ length: 1500 }, (_, i) => `kill-${i}`);
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(keys.slice(i, i + 100).map((key) => enqueueEmail(testApp.platform, { key, to: `${key}@test.local`, template: 'waitlist-confirmation', data: { name: key } })));
    }

    const doomed = spawnWorkerProcess(testApp, { JOB_LOCK_MS });
    await eventually(async () => ((await outbox.countDocuments()) >= 100 ? true : undefined), 30_000).catch((error) => {
      throw new Error(`the worker process sent nothing: ${doomed.output()} (${error})`);
    });
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed.once('exit', resolve));
    const sentBeforeKill = await outbox.countDocuments();
    expect(sentBeforeKill).toBeLessThan(keys.length);

    const rescueRedis = createRedis(testApp.redisUrl, 'bullmq');
    const rescue = startWorkers(testApp.platform, rescueRedis);
    try {
      await eventually(async () => ((await outbox.countDocuments()) === keys.length ? true : undefined), 40_000);
      const failed = await testApp.platform.queues.email.getJobCounts('failed', 'waiting', 'active', 'delayed');
      expect(failed).toEqual({ failed: 0, waiting: 0, active: 0, delayed: 0 });
      const duplicates = await outbox.aggregate([{ $group: { _id: '$key', n: { $sum: 1 } } }, { $match: { n: { $gt: 1 } } }]).toArray();
      expect(duplicates).toEqual([]);
    } finally {
      await rescue.close();
      rescueRedis.disconnect();
    }
  });
});
