import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../shared/queues.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { commissionsCollection } from '../../server/features/commissions/repository.js';
import { dealsCollection } from '../../server/features/deals/repository.js';
import { callsCollection, dialQueuesCollection, loadDialQueue } from '../../server/features/dialer/repository.js';
import { enqueueEmail } from '../../server/features/email/enqueue.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { createRedis } from '../../server/platform/redis.js';
import { startWorkers } from '../../workers/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { connectDialer } from '../support/dialer.js';
import { createUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { leadsCsv, uploadCsv, waitForImport } from '../support/leads.js';
import { spawnWorkerProcess } from '../support/worker-process.js';
import type { ChildProcess } from 'node:child_process';

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
const DOOMED_LOCK_MS = '5000';
let testApp: TestApp;

beforeAll(async () => {
  // The dialer simulator runs 4x faster (as in tests/integration/dialer-autodial.test.ts), in this API node (the
  // phone's connect steps it schedules) and in the worker processes (every call step and auto-dial).
  testApp = await buildTestApp({ workers: false, env: { JOB_LOCK_MS }, simulator: { speed: 4 } });
});

afterAll(async () => {
  await testApp?.close();
});

describe('a worker killed mid-stream', () => {
  it('leaves no e-mail job unsent and sends none twice', async () => {
    const outbox = testApp.platform.db.collection('outbox');
    const keys = Array.from({ length: 1500 }, (_, i) => `kill-${i}`);
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(
        keys.slice(i, i + 100).map((key) =>
          enqueueEmail(testApp.platform, {
            key,
            to: `${key}@test.local`,
            template: 'waitlist-confirmation',
            data: { name: key },
          }),
        ),
      );
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
      const duplicates = await outbox
        .aggregate([{ $group: { _id: '$key', n: { $sum: 1 } } }, { $match: { n: { $gt: 1 } } }])
        .toArray();
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
      async () =>
        (await waitForImport(testApp, owner.accessToken, String(upload.body.importId), 1_000).catch(() => undefined))
          ?.status === 'completed',
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
      expect(
        (await http.post(`/api/leads/${lead._id}/close`, { dealValue: 1_000 + i }, { token: agent.accessToken }))
          .status,
      ).toBe(201);
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

  it('dials every queued contact once, one call at a time per agent, across two killed auto-dial worker processes', async () => {
    // The workers that will be killed hold their jobs' locks longer than a call lasts, as in production (30 s): the
    // calls a killed job placed go on and end before that job is retried.
    const spawnDialerWorker = async (lockMs: string) => {
      const worker = spawnWorkerProcess(
        testApp,
        { JOB_LOCK_MS: lockMs, SIMULATOR_SPEED: '4' },
        'tests/support/worker-main-fast-dialer.ts',
      );
      await eventually(async () => (worker.output().includes('Workers running') ? true : undefined), 30_000).catch(
        (error) => {
          worker.kill('SIGKILL');
          throw new Error(`the worker process did not start: ${worker.output()} (${error})`);
        },
      );
      return worker;
    };
    const http = client(`${testApp.url}/api`);
    const calls = callsCollection(testApp.platform.db);
    const agents = await Promise.all([createUser(testApp), createUser(testApp), createUser(testApp)]);
    // Unique numbers; the last digit picks the simulated outcome: 0 nobody answers, 1 answered, 9 voicemail.
    const phonesOf = agents.map((_, a) =>
      ['0', '1', '9', '0', '1', '0'].map((outcome, i) => `55570${a}${i}00${outcome}`),
    );
    const agentIds = agents.map((a) => a.user._id);
    const callsOf = (a: number) => calls.find({ agentId: agentIds[a] }).sort({ startedAt: 1 }).toArray();
    const placed = () => calls.countDocuments({ agentId: { $in: agentIds } });
    const total = phonesOf.flat().length;

    let worker: ChildProcess & { output: () => string } = await spawnDialerWorker(DOOMED_LOCK_MS);
    // Auto-dial pauses for an agent with no connected socket: one open tab each.
    const tabs = await Promise.all(agents.map((agent) => testApp.socket(agent.accessToken)));
    try {
      await Promise.all(agents.map((agent) => connectDialer(testApp, agent.accessToken)));
      for (const [a, agent] of agents.entries()) {
        const { version } = (await http.get<QueueView>('/dialer/queue', { token: agent.accessToken })).body;
        const put = await http.put(
          '/dialer/queue',
          { contacts: phonesOf[a].map((phone, i) => ({ name: `Agent ${a} contact ${i}`, phone })), version },
          { token: agent.accessToken },
        );
        expect(put.status).toBe(200);
      }
      for (const agent of agents)
        expect((await http.put('/dialer/auto-dial', { enabled: true }, { token: agent.accessToken })).status).toBe(200);

      // The sharpest moment to die: an auto-dialed call exists but its contact is still queued (the step that placed
      // it has not removed it yet).
      const dialedButStillQueued = async () => {
        const live = await calls
          .find({ agentId: { $in: agentIds }, live: true, queueContactId: { $exists: true } })
          .toArray();
        if (live.length === 0) return false;
        const queues = await dialQueuesCollection(testApp.platform.db)
          .find({ agentId: { $in: live.map((c) => c.agentId) } })
          .toArray();
        return live.some((call) =>
          queues.some((q) => q.agentId.equals(call.agentId) && q.contacts.some((c) => c.id === call.queueContactId)),
        );
      };
      const autoDialRunning = async () =>
        (await testApp.platform.queues.calls.getActive()).some((job) => job.name === Jobs.calls.autoDial);

      // Two workers die in turn, after a few more calls were placed: in that moment if it is caught within 5 s,
      // otherwise while an auto-dial job is running in them.
      const kills: string[] = [];
      let placedAtLastKill = 0;
      for (const [round, atLeast] of [agents.length, agents.length * 3].entries()) {
        await eventually(async () => ((await placed()) >= atLeast ? true : undefined), 30_000).catch((error) => {
          throw new Error(
            `auto-dial placed no call in the worker process (round ${round + 1}): ${worker.output()} (${error})`,
          );
        });
        let moment = 'call placed, contact still queued';
        const deadline = Date.now() + 5_000;
        while (!(await dialedButStillQueued())) {
          if (Date.now() < deadline) continue;
          moment = 'auto-dial job running';
          await eventually(async () => ((await autoDialRunning()) ? true : undefined), 20_000).catch((error) => {
            throw new Error(`no auto-dial job seen running (round ${round + 1}): ${worker.output()} (${error})`);
          });
          break;
        }
        worker.kill('SIGKILL');
        await new Promise((resolve) => worker.once('exit', resolve));
        placedAtLastKill = await placed();
        kills.push(`${moment} (${placedAtLastKill} of ${total} calls placed)`);
        worker = await spawnDialerWorker(round === 0 ? DOOMED_LOCK_MS : JOB_LOCK_MS);
      }
      expect(placedAtLastKill).toBeLessThan(total);
      await eventually(async () => {
        const all = await calls.find({ agentId: { $in: agentIds } }).toArray();
        return all.length >= total && all.every((c) => c.state === 'idle') ? true : undefined;
      }, 30_000).catch(async (error) => {
        const dialed = await Promise.all(
          agents.map(async (_, a) => (await callsOf(a)).map((c) => `${c.phoneDigits} ${c.state}`)),
        );
        const left = await Promise.all(
          agentIds.map(async (id) =>
            (await loadDialQueue(testApp.platform.db, id, new Date())).contacts.map((c) => c.phone),
          ),
        );
        const failed = (await testApp.platform.queues.calls.getFailed()).map((job) => `${job.id}: ${job.failedReason}`);
        throw new Error(
          `auto-dial did not finish (${error}): calls ${JSON.stringify(dialed)}, still queued ${JSON.stringify(left)}, failed jobs ${JSON.stringify(failed)}; worker: ${worker.output()}`,
        );
      });
      // Any call placed twice by a re-run would show up now.
      await new Promise((r) => setTimeout(r, 1_000));

      const perNumber = await calls
        .aggregate<{ _id: string; n: number }>([
          { $match: { agentId: { $in: agentIds } } },
          { $group: { _id: '$phoneDigits', n: { $sum: 1 } } },
        ])
        .toArray();
      expect(perNumber.filter((p) => p.n > 1)).toEqual([]);
      expect(perNumber.map((p) => p._id).sort()).toEqual(phonesOf.flat().sort());
      for (const a of agents.keys()) {
        const own = await callsOf(a);
        // In queue order, every one auto-dialed, and never two at once: each call starts after the previous ended.
        expect(own.map((c) => c.phoneDigits)).toEqual(phonesOf[a]);
        expect(own.every((c) => c.autoDialed && c.state === 'idle' && c.endedAt)).toBe(true);
        for (let i = 1; i < own.length; i++)
          expect(own[i].startedAt.getTime(), `agent ${a}, call ${i + 1}`).toBeGreaterThanOrEqual(
            own[i - 1].endedAt!.getTime(),
          );
        expect((await loadDialQueue(testApp.platform.db, agentIds[a], new Date())).contacts).toEqual([]);
      }
      expect(await testApp.platform.queues.calls.getJobCounts('failed')).toEqual({ failed: 0 });
      console.info(`auto-dial worker processes killed at: ${kills.join('; ')}`);
    } finally {
      for (const tab of tabs) tab.disconnect();
      if (worker.exitCode === null && worker.signalCode === null) {
        worker.kill('SIGTERM');
        await new Promise((resolve) => worker.once('exit', resolve));
      }
    }
  }, 90_000);
});
