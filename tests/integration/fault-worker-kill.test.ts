import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionsCollection } from '../../server/features/commissions/repository.js';
import { dealsCollection } from '../../server/features/deals/repository.js';
import { enqueueEmail } from '../../server/features/email/enqueue.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { createRedis } from '../../server/platform/redis.js';
import { startWorkers } from '../../workers/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { leadsCsv, uploadCsv, waitForImport } from '../support/leads.js';
import { spawnWorkerProcess } from '../support/worker-process.js';

// Fault (1) of the scale-out issue: a worker process is SIGKILLed in the middle of its jobs; another worker
// finishes them, and every job's effect happens exactly once.

/** Runs a real worker process until `started` holds, SIGKILLs it, then lets in-process workers finish. */
async function killMidway(started: () => Promise<boolean>, finished: () => Promise<boolean>): Promise<void> {
  const doomed = spawnWorkerProcess(testApp, { JOB_LOCK_MS });
  await eventually(async () => ((await started()) ? true : undefined), 40_000).catch((error) => {
    throw new Error(`the worker process did not start its jobs: ${doomed.output()} (${error})`);
  });
  doomed.kill('SIGKILL');
  await new Promise((resolve) => doomed.once('exit', resolve));
  const rescueRedis = createRedis(testApp.redisUrl, 'bullmq');
  const rescue = startWorkers(testApp.platform, rescueRedis);
  try {
    await eventually(async () => ((await finished()) ? true : undefined), 60_000);
  } finally {
    await rescue.close();
    rescueRedis.disconnect();
  }
}
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
      // The killed worker's jobs stay active until their lock lapses and a live worker takes them over.
      await eventually(async () => {
        const left = await testApp.platform.queues.email.getJobCounts('waiting', 'active', 'delayed');
        return left.waiting + left.active + left.delayed === 0 ? true : undefined;
      }, 30_000);
      expect(await testApp.platform.queues.email.getJobCounts('failed')).toEqual({ failed: 0 });
      const duplicates = await outbox.aggregate([{ $group: { _id: '$key', n: { $sum: 1 } } }, { $match: { n: { $gt: 1 } } }]).toArray();
      expect(duplicates).toEqual([]);
    } finally {
      await rescue.close();
      rescueRedis.disconnect();
    }
  });

  it('leaves no lead of an import behind and imports none twice', async () => {
    const owner = await createUser(testApp, { role: 'owner' });
    const campaign = await createTestCampaign(testApp, owner.user);
    const upload = await uploadCsv(testApp, owner.accessToken, campaign.id, leadsCsv(6_000));
    expect(upload.status).toBe(202);
    const leads = leadsCollection(testApp.platform.db);
    const campaignId = new ObjectId(campaign.id);
    // Killed once the import job has begun writing leads (they stay hidden from distribution until it completes).
    await killMidway(
      async () => (await leads.countDocuments({ campaignId })) > 0,
      async () => (await waitForImport(testApp, owner.accessToken, String(upload.body.importId), 1_000).catch(() => undefined))?.status === 'completed',
    );
    const status = await waitForImport(testApp, owner.accessToken, String(upload.body.importId));
    expect({ imported: status.imported, skipped: status.skipped }).toEqual({ imported: 6_000, skipped: 0 });
    expect(await leads.countDocuments({ campaignId })).toBe(6_000);
    expect(await leads.distinct('email', { campaignId })).toHaveLength(6_000);
  });

  it('writes every commission of closed deals once', async () => {
    const owner = await createUser(testApp, { role: 'owner' });
    const campaign = await createTestCampaign(testApp, owner.user);
    const agent = await createUser(testApp);
    await joinTestCampaign(testApp, agent.user, campaign.id);
    const http = client(testApp.url);
    const deals = 30;
    for (let i = 0; i < deals; i++) {
      const lead = await createAssignedLead(testApp, campaign.id, agent.user, `Deal ${i}`);
      expect((await http.post(`/api/leads/${lead._id}/close`, { dealValue: 1_000 + i }, { token: agent.accessToken })).status).toBe(201);
    }
    const campaignId = new ObjectId(campaign.id);
    const ledger = commissionsCollection(testApp.platform.db);
    const queue = testApp.platform.queues.commissions;
    await killMidway(
      async () => (await ledger.countDocuments({ campaignId })) > 0,
      // Done when every line is written and the killed worker's jobs, active until their lock lapses, were re-run.
      async () => {
        const left = await queue.getJobCounts('waiting', 'active');
        return (await ledger.countDocuments({ campaignId })) >= deals && left.waiting + left.active === 0;
      },
    );
    // One agent who opened and closed: one full-stack line per deal, never two.
    await new Promise((r) => setTimeout(r, 500));
    expect(await dealsCollection(testApp.platform.db).countDocuments({ campaignId })).toBe(deals);
    expect(await ledger.countDocuments({ campaignId })).toBe(deals);
    // Delayed jobs are each line's approval at the end of the campaign's hold window, not leftovers.
    expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
  });
});
