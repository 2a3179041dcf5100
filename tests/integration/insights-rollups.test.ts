import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsUpdatedPayload } from '../../shared/events.js';
import type { CallsInsights, EarningsInsights } from '../../shared/schemas/insights/agent.js';
import type { CampaignInsights } from '../../shared/schemas/insights/campaigns.js';
import type { TeamInsights } from '../../shared/schemas/insights/team.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import { callsCollection, type CallDoc } from '../../server/features/dialer/repository.js';
import {
  campaignTotals,
  rollupsCollection,
  rollUp,
  usersTotals,
} from '../../server/features/insights/rollup-repository.js';
import { rebuildInsightRollups, refreshDay, withDayGuard } from '../../server/features/insights/rollups.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { connectDialer, createCallableLead, zoneWithLocalHour } from '../support/dialer.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

// The rollups behind the insights endpoints are kept current by the `insights` worker: a deal, its cancellation and
// an ended call move the figures (and say so with insights:updated once written); a rebuild from scratch agrees.
describe('insights rollups', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let owner: CreatedUser, lead: CreatedUser, agent: CreatedUser;
  let campaignId: string;
  const updates = (socket: TestSocket) => {
    const seen: InsightsUpdatedPayload[] = [];
    socket.on('insights:updated', (payload) => seen.push(payload));
    return seen;
  };
  const earnings = async (who: CreatedUser) =>
    (await http.get<EarningsInsights>('/api/insights/earnings?period=this-month', { token: who.accessToken })).body
      .totals;

  beforeAll(async () => {
    testApp = await buildTestApp({ simulator: { speed: 10 } });
    http = client(testApp.url);
    owner = await createUser(testApp, { role: 'owner', name: 'Olga Owner' });
    lead = await createUser(testApp, { name: 'Lena Lead' });
    agent = await createUser(testApp, { name: 'Arno Agent', uplineId: lead.user._id });
    campaignId = (await createTestCampaign(testApp, owner.user, { name: 'Rollup Campaign' })).id;
    for (const member of [lead, agent]) await joinTestCampaign(testApp, member.user, campaignId);
    await http.patch(
      `/api/campaigns/${campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18) },
      { token: owner.accessToken },
    );
  }, 60_000);
  afterAll(() => testApp?.close());

  it('rolls up a closed deal for the closer, their upline and the campaign, then tells them', async () => {
    const [agentSocket, leadSocket, ownerSocket] = [
      await testApp.socket(agent.accessToken),
      await testApp.socket(lead.accessToken),
      await testApp.socket(owner.accessToken),
    ];
    const [agentSeen, leadSeen, ownerSeen] = [updates(agentSocket), updates(leadSocket), updates(ownerSocket)];
    const leadDoc = await createAssignedLead(testApp, campaignId, agent.user, 'Rolled Deal');
    const closed = await http.post<{ id: string }>(
      `/api/leads/${leadDoc._id}/close`,
      { dealValue: 1_000 },
      { token: agent.accessToken },
    );
    expect(closed.status).toBe(201);
    // Full stack 30% of $1,000 for the agent, 5% of that as the lead's level-1 override.
    await eventually(async () => (agentSeen.length && leadSeen.length && ownerSeen.length ? true : undefined));
    expect(agentSeen[0].areas).toContain('earnings');
    expect(await earnings(agent)).toMatchObject({ own: 30_000, total: 30_000, pending: 30_000 });
    expect(await earnings(lead)).toMatchObject({ own: 0, level1: 1_500, total: 1_500 });
    const team = await http.get<TeamInsights>('/api/insights/team?period=this-month', { token: lead.accessToken });
    expect(team.body.members.map((m) => [m.name, m.deals, m.override])).toEqual([['Arno Agent', 1, 1_500]]);
    const campaigns = await http.get<CampaignInsights>(`/api/insights/campaigns?period=this-month`, {
      token: owner.accessToken,
    });
    expect(campaigns.body.campaigns).toMatchObject([
      { campaignName: 'Rollup Campaign', deals: 1, revenue: 100_000, commissionCost: 31_500 },
    ]);

    agentSeen.length = 0;
    const cancelled = await http.post(
      `/api/deals/${closed.body.id}/cancel`,
      { reason: 'cancelled', note: 'Customer cancelled' },
      { token: owner.accessToken },
    );
    expect(cancelled.status).toBe(200);
    await eventually(async () => (agentSeen.length ? true : undefined));
    // Unpaid lines of a cancelled deal are void: counted nowhere.
    expect(await earnings(agent)).toMatchObject({ own: 0, total: 0 });
    expect(await earnings(lead)).toMatchObject({ level1: 0, total: 0 });
    for (const socket of [agentSocket, leadSocket, ownerSocket]) socket.disconnect();
  }, 60_000);

  it('rolls up a call once it ends', async () => {
    await connectDialer(testApp, agent.accessToken);
    const socket = await testApp.socket(agent.accessToken);
    const seen = updates(socket);
    const callable = await createCallableLead(testApp, campaignId, agent.user, '5552001001', { name: 'Ada Answer' });
    const started = await http.post<CallView>(
      '/api/dialer/calls',
      { phone: '5552001001', leadId: callable._id.toHexString() },
      { token: agent.accessToken },
    );
    expect(started.status).toBe(201);
    await eventually(async () => (seen.some((s) => s.areas.includes('calls')) ? true : undefined), 15_000);
    const calls = await http.get<CallsInsights>('/api/insights/calls?period=this-month', { token: agent.accessToken });
    expect(calls.body.totals).toMatchObject({ dials: 1, connects: 1 });
    socket.disconnect();
  }, 60_000);

  it('lets refreshes of one day run one after the other, so the last written read the newest data', async () => {
    const db = testApp.platform.db;
    const startedAt = new Date();
    const day = startedAt.toISOString().slice(0, 10);
    const dayStart = new Date(`${day}T00:00:00.000Z`);
    const ofDay = () => rollupsCollection(db).find({ day: dayStart }).sort({ _id: 1 }).toArray();
    const addCall = () =>
      callsCollection(db).insertOne({
        _id: new ObjectId(),
        agentId: agent.user._id,
        phone: '+1 555 0100',
        phoneDigits: '15550100',
        name: 'Raced Call',
        campaignId: new ObjectId(campaignId),
        campaignName: 'Rollup Campaign',
        direction: 'outbound',
        notes: '',
        autoDialed: false,
        provider: 'simulator',
        state: 'idle',
        status: 'missed',
        muted: false,
        startedAt,
        endedAt: startedAt,
        duration: 0,
        timeline: [],
      });
    const fromScratch = async () => {
      await rollUp(db, dayStart, new Date(dayStart.getTime() + 86_400_000));
      return ofDay();
    };

    // Two refreshes at once, with a change between them: the figures are those of the data as it stands.
    const first = refreshDay(testApp.platform, day, Date.now());
    await addCall();
    const second = refreshDay(testApp.platform, day, Date.now());
    await Promise.all([first, second]);
    const settled = await ofDay();
    expect(settled).toEqual(await fromScratch());

    // A refresh elsewhere holds the day; it read the day before the next call and writes that reading late. One
    // asked for after the call waits for it, then writes the day with the call.
    let waiting: Promise<void> | undefined;
    await withDayGuard(testApp.platform, day, async () => {
      const stale = await ofDay();
      await addCall();
      waiting = refreshDay(testApp.platform, day, Date.now());
      await new Promise((r) => setTimeout(r, 300));
      await rollupsCollection(db).deleteMany({ day: dayStart });
      await rollupsCollection(db).insertMany(stale);
    });
    await waiting;
    const latest = await ofDay();
    const agentDay = latest.find((doc) => doc.userId?.equals(agent.user._id) && doc.campaignId === null);
    expect(agentDay?.totals.dials).toBe(
      (settled.find((doc) => doc.userId?.equals(agent.user._id) && doc.campaignId === null)?.totals.dials ?? 0) + 1,
    );
    expect(latest).toEqual(await fromScratch());
  }, 60_000);

  it('keeps the same rollups a rebuild from scratch writes', async () => {
    const rollups = rollupsCollection(testApp.platform.db);
    const kept = await rollups.find({}).sort({ _id: 1 }).toArray();
    expect(kept.length).toBeGreaterThan(0);
    await rollups.deleteMany({});
    await rebuildInsightRollups(testApp.platform);
    expect(await rollups.find({}).sort({ _id: 1 }).toArray()).toEqual(kept);
    expect(kept.some((doc) => doc.userId?.equals(new ObjectId(agent.user._id)) && doc.campaignId === null)).toBe(true);
  });

  it('sums the whole weeks of a long period from week totals the day refreshes keep, the days around them from the days', async () => {
    const db = testApp.platform.db;
    const call = (at: string): CallDoc => {
      const startedAt = new Date(at);
      return {
        _id: new ObjectId(),
        agentId: agent.user._id,
        phone: '+1 555 0100',
        phoneDigits: '15550100',
        name: 'Weekly Lead',
        campaignId: new ObjectId(campaignId),
        campaignName: 'Rollup Campaign',
        direction: 'outbound',
        notes: '',
        autoDialed: false,
        provider: 'simulator',
        state: 'idle',
        status: 'answered',
        muted: false,
        startedAt,
        connectedAt: new Date(startedAt.getTime() + 5_000),
        endedAt: new Date(startedAt.getTime() + 65_000),
        duration: 60,
        timeline: [],
      } as CallDoc;
    };
    // One answered call a day at noon UTC, Monday Jun 2 to Wednesday Jun 25 2025, each day refreshed as the worker does.
    const days = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2025, 5, 2 + i)).toISOString().slice(0, 10));
    await callsCollection(db).insertMany(days.map((day) => call(`${day}T12:00:00Z`)));
    for (const day of days) await refreshDay(testApp.platform, day, Date.now());
    // Wednesday Jun 4 up to Tuesday Jun 24: days Jun 4-8, weeks of Jun 9 and Jun 16, days Jun 22-23.
    const [from, to] = [new Date('2025-06-04T00:00:00Z'), new Date('2025-06-24T00:00:00Z')];
    const sums = async () => ({
      agent: (await usersTotals(db, [agent.user._id], null, from, to, ['dials', 'connects', 'talk']))[0]?.figures,
      campaign: (await campaignTotals(db, [new ObjectId(campaignId)], from, to, ['calls']))[0]?.figures,
    });
    expect(await sums()).toEqual({ agent: { dials: 20, connects: 20, talk: 1_200 }, campaign: { calls: 20 } });
    expect(
      await db
        .collection('insight_week_totals')
        .countDocuments({ week: { $in: [new Date('2025-06-09T00:00:00Z'), new Date('2025-06-16T00:00:00Z')] } }),
    ).toBeGreaterThan(0);

    // A late call inside a whole week: its day's refresh moves the week's totals too.
    await callsCollection(db).insertOne(call('2025-06-11T15:00:00Z'));
    await refreshDay(testApp.platform, '2025-06-11', Date.now());
    expect(await sums()).toEqual({ agent: { dials: 21, connects: 21, talk: 1_260 }, campaign: { calls: 21 } });

    await db.collection('insight_week_totals').deleteMany({});
    await rebuildInsightRollups(testApp.platform);
    expect(await sums()).toEqual({ agent: { dials: 21, connects: 21, talk: 1_260 }, campaign: { calls: 21 } });
  }, 60_000);
});
