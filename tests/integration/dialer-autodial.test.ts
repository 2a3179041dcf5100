import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialerRuleMessages } from '../../shared/schemas/dialer/messages.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { runAutoDial } from '../../server/features/dialer/queue-service.js';
import { callsCollection, loadDialQueue, type CallDoc } from '../../server/features/dialer/repository.js';
import { createRedis } from '../../server/platform/redis.js';
import { startWorkers } from '../../workers/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { connectDialer, createCallableLead, zoneWithLocalHour } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';
import { createCampaignWithAgents } from '../support/leads.js';

const callsOf = (testApp: TestApp, agent: CreatedUser) =>
  callsCollection(testApp.platform.db).find({ agentId: agent.user._id }).sort({ startedAt: 1 }).toArray();
const allIdle = (calls: CallDoc[], n: number) => calls.length === n && calls.every((c) => c.state === 'idle');

type Contact = { leadId?: string; name: string; phone: string };
/** PUT /api/dialer/queue based on the queue as it is now (its current version). */
async function putQueue(http: ReturnType<typeof client>, token: string, contacts: Contact[]) {
  const { version } = (await http.get<QueueView>('/dialer/queue', { token })).body;
  return http.put<QueueView & { error?: string }>('/dialer/queue', { contacts, version }, { token });
}

describe('auto-dial at the spec timings', () => {
  // The simulator and auto-dial run at the spec's timings here: ring 2 s (numbers ending in 0 ring out), next contact 2 s after the end.
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let agent: CreatedUser;
  let campaignId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    http = client(`${testApp.url}/api`);
    const setup = await createCampaignWithAgents(testApp, 1);
    campaignId = setup.campaignId;
    agent = setup.agents[0];
    // Typed numbers without a zone of their own are judged in the campaign's zone: one where it is daytime now.
    await http.patch(
      `/campaigns/${campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18) },
      { token: setup.owner.accessToken },
    );
    await connectDialer(testApp, agent.accessToken);
    await http.post('/dialer/dnc', { phone: '5550000990', campaignId }, { token: setup.owner.accessToken });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('dials the queue in order, each call 2 s (+/- 250 ms) after the previous ended, skipping DNC and night-time leads', async () => {
    const dnc = await createCallableLead(testApp, campaignId, agent.user, '5550000990', { name: 'Do Not Call' });
    const night = await createCallableLead(testApp, campaignId, agent.user, '5550000980', {
      name: 'Night Owl',
      timeZone: zoneWithLocalHour(1, 5),
    });
    const dialable = ['5550000010', '5550000020', '5550000030', '5550000040', '5550000050'];
    const contacts = [
      { name: 'Contact 1', phone: dialable[0] },
      { leadId: dnc._id.toHexString(), name: dnc.name, phone: dnc.phone! },
      { name: 'Contact 2', phone: dialable[1] },
      { leadId: night._id.toHexString(), name: night.name, phone: night.phone! },
      ...dialable.slice(2).map((phone, i) => ({ name: `Contact ${i + 3}`, phone })),
    ];
    const socket = await testApp.socket(agent.accessToken);
    const queueEvents: QueueView[] = [];
    socket.on('queue:updated', (q: QueueView) => queueEvents.push(q));

    const put = await putQueue(http, agent.accessToken, contacts);
    expect(put.status).toBe(200);
    expect(put.body.contacts).toHaveLength(7);
    const duplicate = await putQueue(http, agent.accessToken, [
      ...contacts,
      { name: 'Again', phone: '(555) 000-0010' },
    ]);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('Again is already in the call queue');

    const enabledAt = Date.now();
    const on = await http.put<{ message: string }>(
      '/dialer/auto-dial',
      { enabled: true },
      { token: agent.accessToken },
    );
    expect(on.body.message).toBe('Auto-dialer enabled - will dial contacts in queue automatically');

    await eventually(async () => {
      const calls = await callsOf(testApp, agent);
      return allIdle(calls, dialable.length) ? true : undefined;
    }, 45_000);
    const calls = await callsOf(testApp, agent);
    expect(calls.map((c) => c.phoneDigits)).toEqual(dialable);
    expect(calls.every((c) => c.autoDialed)).toBe(true);
    expect(calls.map((c) => c.status)).toEqual(['missed', 'missed', 'missed', 'missed', 'missed']);
    // Turning it on with an idle connected dialer dials at once.
    expect(calls[0].startedAt.getTime() - enabledAt).toBeLessThan(1_000);
    for (let i = 1; i < calls.length; i++) {
      const gap = calls[i].startedAt.getTime() - calls[i - 1].endedAt!.getTime();
      expect(gap, `gap before call ${i + 1}`).toBeGreaterThanOrEqual(2_000 - 250);
      expect(gap, `gap before call ${i + 1}`).toBeLessThanOrEqual(2_000 + 250);
    }
    // The two that may not be called stay queued, each with the reason.
    const queue = await http.get<QueueView>('/dialer/queue', { token: agent.accessToken });
    expect(queue.body.contacts.map((c) => c.name)).toEqual(['Do Not Call', 'Night Owl']);
    expect(queue.body.contacts[0].skipReason).toBe('(555) 000-0990 is on the do-not-call list and cannot be dialed.');
    expect(queue.body.contacts[1].skipReason).toMatch(/^Outside calling hours/);
    expect(queueEvents.at(-1)!.contacts).toHaveLength(2);
    expect(
      await callsCollection(testApp.platform.db).countDocuments({ phoneDigits: { $in: ['5550000990', '5550000980'] } }),
    ).toBe(0);
    socket.disconnect();
  });

  it('pauses by itself when the agent has no dialer tab open: no call is placed for nobody', async () => {
    const before = (await callsOf(testApp, agent)).length;
    await putQueue(http, agent.accessToken, [{ name: 'Nobody Home', phone: '5550000060' }]);
    await eventually(async () =>
      (await testApp.platform.live.connectedCount(agent.user._id.toHexString())) === 0 ? true : undefined,
    );
    await http.put('/dialer/auto-dial', { enabled: true }, { token: agent.accessToken });
    const paused = await eventually(async () => {
      const queue = await http.get<QueueView>('/dialer/queue', { token: agent.accessToken });
      return queue.body.autoDial ? undefined : queue.body;
    });
    expect(paused.pausedReason).toBe('Auto-dialer paused: no dialer tab is open.');
    expect(paused.contacts.map((c) => c.name)).toContain('Nobody Home');
    expect((await callsOf(testApp, agent)).length).toBe(before);
  });
});

describe('auto-dial when its worker is killed', () => {
  // Timings are not asserted here: the simulator and auto-dial run 4x faster.
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let agent: CreatedUser;

  beforeAll(async () => {
    testApp = await buildTestApp({ env: { JOB_LOCK_MS: '1000' }, simulator: { speed: 4 } });
    http = client(`${testApp.url}/api`);
    agent = await createUser(testApp);
    await connectDialer(testApp, agent.accessToken);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('a re-run of the same auto-dial step (two workers at once) places one call', async () => {
    const other = await createUser(testApp);
    await connectDialer(testApp, other.accessToken);
    await testApp.socket(other.accessToken);
    await putQueue(http, other.accessToken, [
      { name: 'Once', phone: '5550200000' },
      { name: 'Later', phone: '5550300000' },
    ]);
    await http.put('/dialer/auto-dial', { enabled: false }, { token: other.accessToken });
    await testApp.platform.db
      .collection('dialQueues')
      .updateOne({ agentId: other.user._id }, { $set: { autoDial: true } });
    const job = { agentId: other.user._id.toHexString(), key: `rerun-${new ObjectId().toHexString()}` };
    const results = await Promise.all([
      runAutoDial(testApp.platform, job),
      runAutoDial(testApp.platform, job),
      runAutoDial(testApp.platform, job),
    ]);
    expect(results.filter((r) => r === 'dialed')).toHaveLength(1);
    expect(await runAutoDial(testApp.platform, job)).toBe('already');
    const calls = await callsOf(testApp, other);
    expect(calls.map((c) => c.phoneDigits)).toEqual(['5550200000']);
    expect((await loadDialQueue(testApp.platform.db, other.user._id, new Date())).contacts.map((c) => c.name)).toEqual([
      'Later',
    ]);
  });

  it('refuses a queue list made before auto-dial removed the contact it dialed (409), so the contact never comes back', async () => {
    const racer = await createUser(testApp);
    await connectDialer(testApp, racer.accessToken);
    const socket = await testApp.socket(racer.accessToken);
    const pushed: QueueView[] = [];
    socket.on('queue:updated', (q: QueueView) => pushed.push(q));
    const first = await putQueue(http, racer.accessToken, [
      { name: 'Dialed First', phone: '5550400000' },
      { name: 'Still Queued', phone: '5550500000' },
    ]);
    expect(first.status).toBe(200);
    const seen = first.body.version;
    await eventually(async () => (pushed.some((q) => q.version === seen) ? true : undefined));

    // Auto-dial dials the first contact and removes it, while the agent's tab still shows the list at `seen`.
    await http.put('/dialer/auto-dial', { enabled: false }, { token: racer.accessToken });
    await testApp.platform.db
      .collection('dialQueues')
      .updateOne({ agentId: racer.user._id }, { $set: { autoDial: true } });
    expect(
      await runAutoDial(testApp.platform, {
        agentId: racer.user._id.toHexString(),
        key: `race-${new ObjectId().toHexString()}`,
      }),
    ).toBe('dialed');
    const afterDial = await http.get<QueueView>('/dialer/queue', { token: racer.accessToken });
    expect(afterDial.body.contacts.map((c) => c.name)).toEqual(['Still Queued']);
    expect(afterDial.body.version).toBeGreaterThan(seen);
    await eventually(async () => (pushed.at(-1)?.version === afterDial.body.version ? true : undefined));

    // The tab adds a contact to the list it was showing: stale, refused, nothing written.
    const stale = await http.put(
      '/dialer/queue',
      {
        contacts: [
          { name: 'Dialed First', phone: '5550400000' },
          { name: 'Still Queued', phone: '5550500000' },
          { name: 'New One', phone: '5550600000' },
        ],
        version: seen,
      },
      { token: racer.accessToken },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: DialerRuleMessages.queueChanged, reason: 'QUEUE_CHANGED' });
    const unchanged = await http.get<QueueView>('/dialer/queue', { token: racer.accessToken });
    expect(unchanged.body).toMatchObject({ version: afterDial.body.version, contacts: [{ name: 'Still Queued' }] });

    // Reloaded and reapplied on the current version: saved, one version up, pushed with it.
    const retried = await http.put<QueueView>(
      '/dialer/queue',
      {
        contacts: [
          ...unchanged.body.contacts.map(({ name, phone }) => ({ name, phone })),
          { name: 'New One', phone: '5550600000' },
        ],
        version: unchanged.body.version,
      },
      { token: racer.accessToken },
    );
    expect(retried.status).toBe(200);
    expect(retried.body.contacts.map((c) => c.name)).toEqual(['Still Queued', 'New One']);
    expect(retried.body.version).toBe(unchanged.body.version + 1);
    await eventually(async () => (pushed.at(-1)?.version === retried.body.version ? true : undefined));
    expect(pushed.at(-1)!.contacts.map((c) => c.name)).toEqual(['Still Queued', 'New One']);
    await http.put('/dialer/auto-dial', { enabled: false }, { token: racer.accessToken });
    socket.disconnect();
  });

  it('loses no queued contact and places no call twice', async () => {
    const phones = Array.from({ length: 6 }, (_, i) => `555010${i}000`);
    await testApp.socket(agent.accessToken);
    await putQueue(
      http,
      agent.accessToken,
      phones.map((phone, i) => ({ name: `Kill ${i}`, phone })),
    );
    await http.put('/dialer/auto-dial', { enabled: true }, { token: agent.accessToken });

    await eventually(async () => ((await callsOf(testApp, agent)).length >= 2 ? true : undefined), 20_000);
    // Kill: stop taking jobs at once, without waiting for the running ones (they finish on their own, as
    // a process that dies mid-write would have left them), then a new worker takes over after a pause.
    await Promise.all(testApp.workers!.workers.map((w) => w.close(true)));
    await new Promise((r) => setTimeout(r, 1_500));
    const rescueRedis = createRedis(testApp.redisUrl, 'bullmq');
    const rescue = startWorkers(testApp.platform, rescueRedis);
    try {
      await eventually(async () => (allIdle(await callsOf(testApp, agent), phones.length) ? true : undefined), 30_000);
      const calls = await callsOf(testApp, agent);
      expect(calls.map((c) => c.phoneDigits)).toEqual(phones);
      expect((await loadDialQueue(testApp.platform.db, agent.user._id, new Date())).contacts).toEqual([]);
    } finally {
      await rescue.close();
      rescueRedis.disconnect();
    }
  });
});
