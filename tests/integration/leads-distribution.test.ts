import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../shared/constants.js';
import { SocketEvents, type LeadsUpdatedPayload, type LeadUpdatedPayload } from '../../shared/events.js';
import { LeadMessages } from '../../shared/schemas/leads/lead.js';
import { leadQuotasCollection } from '../../server/features/leads/quota-repository.js';
import { LEAD_BATCH } from '../../server/features/leads/distribution.js';
import { leadsCollection } from '../../server/features/leads/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client } from '../support/http.js';
import {
  createCampaignWithAgents,
  leadsCsv,
  until,
  uploadCsv,
  waitForImport,
  type CampaignWithAgents,
} from '../support/leads.js';

const HOUR = 3600_000;
let clock: ManualClock;
let testApp: TestApp;
let http: ReturnType<typeof client>;

/** Each block travels in time on its own database, so one block's leads never turn idle in another's. */
function withOwnApp(start: string) {
  beforeAll(async () => {
    clock = new ManualClock(new Date(start));
    testApp = await buildTestApp({ clock });
    http = client(testApp.url);
  });
  afterAll(() => testApp?.close());
}

/** Leads a user's "lead-assigned" notifications announce: one each for "New lead assigned", n for "n new leads in ...". */
async function leadsAnnounced(userId: unknown): Promise<{ notes: number; leads: number }> {
  const notes = await testApp.platform.db.collection('notifications').find({ userId, type: 'lead-assigned' }).toArray();
  return {
    notes: notes.length,
    leads: notes.reduce(
      (sum, note) => sum + (note.title === 'New lead assigned' ? 1 : Number.parseInt(String(note.body), 10)),
      0,
    ),
  };
}

async function importLeads(c: CampaignWithAgents, rows: number, from: number) {
  const res = await uploadCsv(testApp, c.owner.accessToken, c.campaignId, leadsCsv(rows, from));
  expect(res.status).toBe(202);
  const status = await waitForImport(testApp, c.owner.accessToken, res.body.importId as string);
  expect(status.imported).toBe(rows);
}

async function perAgent(c: CampaignWithAgents): Promise<number[]> {
  const leads = leadsCollection(testApp.platform.db);
  return Promise.all(
    c.agents.map((a) => leads.countDocuments({ campaignId: c.campaignObjectId, assignedTo: a.user._id })),
  );
}

const unassigned = (c: CampaignWithAgents) =>
  leadsCollection(testApp.platform.db).countDocuments({ campaignId: c.campaignObjectId, assignedTo: null });

async function sweep() {
  const job = await testApp.platform.queues.leads.add('sweep', {});
  await until(async () => (await job.getState()) === 'completed');
}

describe('lead distribution: fairness and daily caps', () => {
  withOwnApp('2026-03-02T09:00:00Z');

  it('is fair: 10 agents, 1,000 leads -> 100 each, announced in one notification per agent and run', async () => {
    const c = await createCampaignWithAgents(testApp, 10);
    await importLeads(c, 1_000, 0);
    await until(async () => (await unassigned(c)) === 0);
    expect(await perAgent(c)).toEqual(Array(10).fill(100));
    await until(async () => (await leadsCollection(testApp.platform.db).countDocuments({ notifyPending: true })) === 0);
    for (const agent of c.agents) {
      const announced = await leadsAnnounced(agent.user._id);
      expect(announced.leads).toBe(100);
      expect(announced.notes).toBeLessThanOrEqual(Math.ceil(1_000 / LEAD_BATCH));
    }
    // Round-robin in order: the first ten leads went to ten different agents.
    const firstTen = await leadsCollection(testApp.platform.db)
      .find({ campaignId: c.campaignObjectId })
      .sort({ createdAt: 1, _id: 1 })
      .limit(10)
      .toArray();
    expect(new Set(firstTen.map((l) => l.assignedTo!.toHexString())).size).toBe(10);
  });

  it('respects 200 a day per agent across days, and Request Leads answers within the caps', async () => {
    const c = await createCampaignWithAgents(testApp, 2);
    await importLeads(c, 500, 10_000);
    await until(async () => (await unassigned(c)) === 100);
    expect(await perAgent(c)).toEqual([200, 200]);

    const refused = await http.post(
      '/api/leads/request',
      { campaignId: c.campaignId, count: 10 },
      { token: c.agents[0].accessToken },
    );
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      assigned: 0,
      remainingToday: 0,
      remainingThisMonth: PLAN_LIMITS.leadsPerMonth - 200,
      message: LeadMessages.dailyCapReached(200),
    });

    // Still the same day a minute before midnight UTC: nothing moves.
    clock.set('2026-03-02T23:59:00Z');
    await sweep();
    expect(await unassigned(c)).toBe(100);

    clock.set('2026-03-03T00:01:00Z');
    const asked = await http.post(
      '/api/leads/request',
      { campaignId: c.campaignId, count: 30 },
      { token: c.agents[1].accessToken },
    );
    expect(asked.body).toEqual({
      assigned: 30,
      remainingToday: 170,
      remainingThisMonth: PLAN_LIMITS.leadsPerMonth - 230,
      message: LeadMessages.leadsArrived(30),
    });
    await sweep();
    expect(await unassigned(c)).toBe(0);
    expect(await perAgent(c)).toEqual([200 + 35, 200 + 65]);
  });
});

describe('lead distribution: monthly cap', () => {
  withOwnApp('2026-03-31T10:00:00Z');

  it('never gives more than 4,000 a month, and a new month starts over', async () => {
    const c = await createCampaignWithAgents(testApp, 1);
    // The agent already received 3,990 leads this month (counters as distribution keeps them).
    await leadQuotasCollection(testApp.platform.db).insertOne({
      _id: c.agents[0].user._id,
      day: '2026-03-30',
      dayCount: 200,
      month: '2026-03',
      monthCount: 3_990,
      lastServedSeq: 0,
      lastServedAt: new Date('2026-03-30T10:00:00Z'),
    });
    await importLeads(c, 50, 20_000);
    await until(async () => (await unassigned(c)) === 40);
    const capped = await http.post(
      '/api/leads/request',
      { campaignId: c.campaignId, count: 5 },
      { token: c.agents[0].accessToken },
    );
    expect(capped.body).toMatchObject({
      assigned: 0,
      remainingThisMonth: 0,
      message: LeadMessages.monthlyCapReached(4_000),
    });

    clock.set('2026-04-01T00:00:00Z');
    await sweep();
    expect(await unassigned(c)).toBe(0);
    expect(await leadQuotasCollection(testApp.platform.db).findOne({ _id: c.agents[0].user._id })).toMatchObject({
      month: '2026-04',
      monthCount: 40,
      dayCount: 40,
    });
  });
});

describe('lead distribution: idle leads', () => {
  withOwnApp('2026-05-04T09:00:00Z');

  it('takes back leads untouched for the idle window and gives them to another agent', async () => {
    const c = await createCampaignWithAgents(testApp, 1);
    const [first] = c.agents;
    await importLeads(c, 4, 30_000);
    await until(async () => (await unassigned(c)) === 0);
    const mine = await leadsCollection(testApp.platform.db)
      .find({ campaignId: c.campaignObjectId })
      .sort({ createdAt: 1, _id: 1 })
      .toArray();
    expect(mine.every((l) => l.assignedTo!.equals(first.user._id))).toBe(true);

    // A second agent joins; the first works one lead after 10 h and closes one as Potential.
    const { createUser } = await import('../support/factories.js');
    const { addAgents } = await import('../support/leads.js');
    const second = await createUser(testApp, { name: 'Second Agent' });
    await addAgents(testApp, c.campaignId, [second]);
    clock.advance(10 * HOUR);
    expect(
      (
        await http.patch(
          `/api/leads/${mine[0]._id.toHexString()}`,
          { disposition: 'Follow Up' },
          { token: first.accessToken },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await http.patch(
          `/api/leads/${mine[1]._id.toHexString()}`,
          { disposition: 'Potential' },
          { token: first.accessToken },
        )
      ).status,
    ).toBe(200);

    const socket = await testApp.socket(first.accessToken);
    const removed: LeadUpdatedPayload[] = [];
    socket.on(SocketEvents.leadUpdated, (p: LeadUpdatedPayload) => removed.push(p));

    // 71 h after assignment: nothing is idle yet.
    clock.set(new Date(new Date('2026-05-04T09:00:00Z').getTime() + 71 * HOUR));
    await sweep();
    expect(
      await leadsCollection(testApp.platform.db).countDocuments({
        campaignId: c.campaignObjectId,
        assignedTo: first.user._id,
      }),
    ).toBe(4);

    // 73 h: the two untouched leads go to the second agent; the worked ones stay.
    clock.set(new Date(new Date('2026-05-04T09:00:00Z').getTime() + 73 * HOUR));
    await sweep();
    const after = await leadsCollection(testApp.platform.db)
      .find({ campaignId: c.campaignObjectId })
      .sort({ createdAt: 1, _id: 1 })
      .toArray();
    expect(after.map((l) => l.assignedTo!.toHexString())).toEqual(
      [first, first, second, second].map((a) => a.user._id.toHexString()),
    );
    expect(after[2].history.map((h) => h.change)).toContain('Returned to the pool after 72 h without a status change');

    const notes = testApp.platform.db.collection('notifications');
    expect(await notes.countDocuments({ userId: first.user._id, type: 'lead-reassigned' })).toBe(2);
    expect(
      await notes.findOne({ userId: second.user._id, type: 'lead-assigned' }, { sort: { _id: -1 } }),
    ).toMatchObject({ title: 'New leads assigned', body: expect.stringMatching(/^2 new leads in /) });
    await until(async () => removed.length === 2);
    expect(removed.map((p) => (p as { id: string }).id).sort()).toEqual(
      [after[2], after[3]].map((l) => l._id.toHexString()).sort(),
    );

    // Running the sweep again changes nothing (idempotent).
    await sweep();
    expect(await notes.countDocuments({ userId: first.user._id, type: 'lead-reassigned' })).toBe(2);
  });

  it('tells the campaign owner: the reclaimed lead shows up unassigned, then with its new agent, never as removed', async () => {
    const start = clock.now();
    const c = await createCampaignWithAgents(testApp, 1);
    const [first] = c.agents;
    await importLeads(c, 2, 40_000);
    await until(async () => (await unassigned(c)) === 0);
    const { createUser } = await import('../support/factories.js');
    const { addAgents } = await import('../support/leads.js');
    const second = await createUser(testApp, { name: 'Next Agent' });
    await addAgents(testApp, c.campaignId, [second]);

    // What the owner's open Lead Management screen is told, in order (single updates and batches alike).
    const ownerSocket = await testApp.socket(c.owner.accessToken);
    const ownerSaw: LeadUpdatedPayload[] = [];
    ownerSocket.on(SocketEvents.leadUpdated, (p: LeadUpdatedPayload) => ownerSaw.push(p));
    ownerSocket.on(SocketEvents.leadsUpdated, (p: LeadsUpdatedPayload) => ownerSaw.push(...p.items));
    const agentSaw: LeadUpdatedPayload[] = [];
    (await testApp.socket(first.accessToken)).on(SocketEvents.leadUpdated, (p: LeadUpdatedPayload) => agentSaw.push(p));

    clock.set(new Date(start.getTime() + 73 * HOUR));
    await sweep();
    const leads = await leadsCollection(testApp.platform.db).find({ campaignId: c.campaignObjectId }).toArray();
    expect(leads.every((l) => l.assignedTo?.equals(second.user._id))).toBe(true);
    await until(async () => ownerSaw.length >= 4 && agentSaw.length >= 2);
    await new Promise((r) => setTimeout(r, 200));

    expect(ownerSaw.some((p) => 'removed' in p)).toBe(false);
    for (const lead of leads) {
      const id = lead._id.toHexString();
      const seen = ownerSaw.filter((p) => p.id === id) as LeadsUpdatedPayload['items'];
      // Back in the pool first (the owner's list stops naming the old agent), then the sweep's distribution.
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatchObject({ id, campaignId: c.campaignId, disposition: 'New' });
      expect(seen[0].assignedTo).toBeUndefined();
      expect(seen[0].assignedToName).toBeUndefined();
      expect(seen[0].assignedAt).toBeUndefined();
      expect(seen[1]).toMatchObject({ id, assignedTo: second.user._id.toHexString(), assignedToName: 'Next Agent' });
    }
    // The agent who lost them still gets the removed shape.
    expect(agentSaw.map((p) => p.id).sort()).toEqual(leads.map((l) => l._id.toHexString()).sort());
    expect(agentSaw.every((p) => 'removed' in p)).toBe(true);
  });
});
