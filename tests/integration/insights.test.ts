import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallsInsights, EarningsInsights, FunnelInsights } from '../../shared/schemas/insights/agent.js';
import type { CampaignInsights } from '../../shared/schemas/insights/campaigns.js';
import type { TeamInsights } from '../../shared/schemas/insights/team.js';
import { commissionsCollection } from '../../server/features/commissions/repository.js';
import { runPayouts } from '../../server/features/commissions/service.js';
import { callsCollection, type CallDoc } from '../../server/features/dialer/repository.js';
import { leadsCollection, returnLeadToPool } from '../../server/features/leads/repository.js';
import { rebuildInsightRollups } from '../../server/features/insights/rollups.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

/*
 * Hand-computed fixture (campaign rates 10 / 15 / 30, overrides 5 / 2.5 / 1). Chain: lead <- agent <- opener.
 * New York is UTC-4 in March 2026 (DST began on the 8th), so 03:30Z on the 10th is still the 9th there.
 *   deal 0  Mar 01 12:00Z  agent full stack $100   -> agent 3,000, lead 150; paid on Mar 09, cancelled Mar 12 11:00Z
 *                                                       -> clawbacks -3,000 and -150 written on Mar 12 (07:00 NY)
 *   deal 1  Mar 10 03:30Z  agent full stack $1,000 -> agent 30,000, lead 1,500
 *   deal 2  Mar 11 15:00Z  opener opens, agent closes $2,000 -> agent (closer 15%) 30,000, opener (10%) 20,000,
 *                                                       lead (L1 on agent) 1,500, agent (L1 on opener) 1,000, lead (L2 on opener) 500
 *   deal 3  Mar 11 16:00Z  agent full stack $500 -> 15,000 + 750, cancelled before payout: void, counted nowhere
 *   other's deal in another owner's campaign Mar 11 12:00Z, $300 -> other 9,000 (never in the agent's or lead's figures)
 */
describe('insights', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  let owner: CreatedUser, otherOwner: CreatedUser, admin: CreatedUser;
  let lead: CreatedUser, agent: CreatedUser, opener: CreatedUser, other: CreatedUser;
  let campaignId: string, otherCampaignId: string;
  const NY = { period: 'custom', from: '2026-03-09', to: '2026-03-12', tz: 'America/New_York' };
  const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

  const at = (iso: string) => clock.set(new Date(iso));
  const linesOf = (dealId: string, count: number) =>
    eventually(async () => {
      const lines = await commissionsCollection(testApp.platform.db)
        .find({ dealId: new ObjectId(dealId) })
        .toArray();
      return lines.length >= count ? lines : undefined;
    });
  async function close(
    who: CreatedUser,
    name: string,
    dollars: number,
    lines: number,
    openerId?: string,
  ): Promise<string> {
    const leadDoc = await createAssignedLead(testApp, who === other ? otherCampaignId : campaignId, who.user, name);
    const res = await http.post<{ id: string }>(
      `/api/leads/${leadDoc._id}/close`,
      { dealValue: dollars, ...(openerId ? { openerId } : {}) },
      { token: who.accessToken },
    );
    expect(res.status).toBe(201);
    await linesOf(res.body.id, lines);
    return res.body.id;
  }
  async function cancel(dealId: string, expectStatus: (lines: Awaited<ReturnType<typeof linesOf>>) => boolean) {
    const res = await http.post(
      `/api/deals/${dealId}/cancel`,
      { reason: 'cancelled', note: 'Customer cancelled' },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(200);
    await eventually(async () => {
      const lines = await commissionsCollection(testApp.platform.db)
        .find({ dealId: new ObjectId(dealId) })
        .toArray();
      return expectStatus(lines) ? true : undefined;
    });
  }
  function call(who: CreatedUser, startedAt: string, talkSeconds: number | null, campaign = campaignId): CallDoc {
    const started = new Date(startedAt);
    return {
      _id: new ObjectId(),
      agentId: who.user._id,
      phone: '+1 555 0100',
      phoneDigits: '15550100',
      name: 'Called Lead',
      campaignId: new ObjectId(campaign),
      campaignName: 'Campaign',
      direction: 'outbound',
      notes: '',
      autoDialed: false,
      provider: 'simulator',
      state: 'idle',
      status: talkSeconds === null ? 'missed' : 'answered',
      muted: false,
      startedAt: started,
      ...(talkSeconds === null ? {} : { connectedAt: new Date(started.getTime() + 5000) }),
      endedAt: new Date(started.getTime() + 5000 + (talkSeconds ?? 0) * 1000),
      duration: talkSeconds ?? 0,
      timeline: [],
    };
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ clock });
    http = client(testApp.url);
    owner = await createUser(testApp, { role: 'owner', name: 'Olga Owner' });
    otherOwner = await createUser(testApp, { role: 'owner', name: 'Otto Owner' });
    admin = await createUser(testApp, { role: 'admin', name: 'Adam Admin' });
    lead = await createUser(testApp, { name: 'Lena Lead' });
    agent = await createUser(testApp, { name: 'Arno Agent', uplineId: lead.user._id });
    opener = await createUser(testApp, { name: 'Opal Opener', uplineId: agent.user._id });
    other = await createUser(testApp, { name: 'Oscar Other' });
    campaignId = (await createTestCampaign(testApp, owner.user, { name: 'Hotel Insights' })).id;
    otherCampaignId = (await createTestCampaign(testApp, otherOwner.user, { name: 'Solar Elsewhere' })).id;
    for (const member of [lead, agent, opener]) await joinTestCampaign(testApp, member.user, campaignId);
    await joinTestCampaign(testApp, other.user, otherCampaignId);

    const deal0 = await close(agent, 'Early Deal', 100, 2);
    at('2026-03-09T03:00:00Z');
    const idle = await createAssignedLead(testApp, campaignId, agent.user, 'Idle Lead');
    at('2026-03-09T12:00:00Z');
    await runPayouts(testApp.platform, admin.user);
    at('2026-03-10T03:30:00Z');
    await close(agent, 'Late Night Deal', 1000, 2);
    at('2026-03-11T12:00:00Z');
    await close(other, 'Other Deal', 300, 1);
    const recycled = await leadsCollection(testApp.platform.db).findOne({ _id: idle._id });
    await returnLeadToPool(
      testApp.platform.db,
      recycled!,
      clock.now(),
      'Returned to the pool after 48 h without a status change',
    );
    at('2026-03-11T15:00:00Z');
    await close(agent, 'Split Deal', 2000, 5, opener.user._id.toHexString());
    at('2026-03-11T16:00:00Z');
    const deal3 = await close(agent, 'Cancelled Deal', 500, 2);
    at('2026-03-11T17:00:00Z');
    const fresh = await createAssignedLead(testApp, campaignId, agent.user, 'Fresh Lead');
    await leadsCollection(testApp.platform.db).updateOne(
      { _id: fresh._id },
      { $set: { disposition: 'New', stage: 'New' } },
    );
    const voicemail = await createAssignedLead(testApp, campaignId, agent.user, 'Voicemail Lead');
    expect(
      (await http.patch(`/api/leads/${voicemail._id}`, { disposition: 'VM' }, { token: agent.accessToken })).status,
    ).toBe(200);
    at('2026-03-12T10:00:00Z');
    await cancel(deal3, (lines) => lines.every((l) => l.status === 'void'));
    at('2026-03-12T11:00:00Z');
    await cancel(deal0, (lines) => lines.filter((l) => l.kind === 'clawback').length === 2);

    await callsCollection(testApp.platform.db).insertMany([
      call(agent, '2026-03-09T03:00:00Z', 60), // Mar 8, 23:00 in New York: before the period
      call(agent, '2026-03-10T03:50:00Z', 120), // Mar 9, 23:50 NY
      call(agent, '2026-03-10T13:00:00Z', null), // Mar 10, 09:00 NY, missed
      call(agent, '2026-03-10T13:30:00Z', 300), // Mar 10, 09:30 NY
      call(agent, '2026-03-12T04:10:00Z', 30), // Mar 12, 00:10 NY
      call(opener, '2026-03-11T14:00:00Z', 45), // Mar 11, 10:00 NY
      call(other, '2026-03-10T14:00:00Z', 90, otherCampaignId), // Mar 10, 10:00 NY, someone else's campaign
    ]);
    // Calls written straight into the collection are rolled up by the rebuild (as the seed's are).
    await rebuildInsightRollups(testApp.platform);
    at('2026-03-12T12:00:00Z');
  }, 120_000);
  afterAll(() => testApp?.close());

  it("counts the agent's own ledger per New York day: splits, overrides, clawbacks below zero, void lines nowhere", async () => {
    const res = await http.get<EarningsInsights>(`/api/insights/earnings?${qs(NY)}`, { token: agent.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.range).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-12',
      startsAt: '2026-03-09T04:00:00.000Z',
      endsAt: '2026-03-13T04:00:00.000Z',
      bucket: 'day',
    });
    const zero = { own: 0, level1: 0, level2: 0, level3: 0, clawbacks: 0, total: 0, pending: 0, approved: 0, paid: 0 };
    expect(res.body.buckets).toEqual([
      { ...zero, start: '2026-03-09', own: 30_000, total: 30_000, pending: 30_000 },
      { ...zero, start: '2026-03-10' },
      { ...zero, start: '2026-03-11', own: 30_000, level1: 1_000, total: 31_000, pending: 31_000 },
      { ...zero, start: '2026-03-12', clawbacks: -3_000, total: -3_000, approved: -3_000 },
    ]);
    expect(res.body.totals).toEqual({
      ...zero,
      own: 60_000,
      level1: 1_000,
      clawbacks: -3_000,
      total: 58_000,
      pending: 61_000,
      approved: -3_000,
    });
  });

  it('moves a line across the day boundary with the time zone and keeps paid lines as paid', async () => {
    const res = await http.get<EarningsInsights>(
      `/api/insights/earnings?${qs({ period: 'custom', from: '2026-03-01', to: '2026-03-12', tz: 'UTC' })}`,
      { token: agent.accessToken },
    );
    const nonZero = res.body.buckets.filter((b) => b.total !== 0).map((b) => [b.start, b.total, b.paid]);
    expect(nonZero).toEqual([
      ['2026-03-01', 3_000, 3_000],
      ['2026-03-10', 30_000, 0],
      ['2026-03-11', 31_000, 0],
      ['2026-03-12', -3_000, 0],
    ]);
    expect(res.body.totals).toMatchObject({ total: 61_000, paid: 3_000, pending: 61_000, approved: -3_000 });
    const weekly = await http.get<EarningsInsights>(
      `/api/insights/earnings?${qs({ period: 'custom', from: '2026-03-01', to: '2026-03-12', tz: 'UTC', bucket: 'week' })}`,
      { token: agent.accessToken },
    );
    expect(weekly.body.buckets.map((b) => [b.start, b.total])).toEqual([
      ['2026-02-23', 3_000],
      ['2026-03-02', 0],
      ['2026-03-09', 58_000],
    ]);
  });

  it("gives the lead only override earnings on their downline's production", async () => {
    const res = await http.get<EarningsInsights>(`/api/insights/earnings?${qs(NY)}`, { token: lead.accessToken });
    expect(res.body.totals).toMatchObject({ own: 0, level1: 3_000, level2: 500, clawbacks: -150, total: 3_350 });
  });

  it("counts the agent's calls per local day and hour of day, never another agent's", async () => {
    const res = await http.get<CallsInsights>(`/api/insights/calls?${qs(NY)}`, { token: agent.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.buckets).toEqual([
      { start: '2026-03-09', dials: 1, connects: 1, talkSeconds: 120, connectRate: 100 },
      { start: '2026-03-10', dials: 2, connects: 1, talkSeconds: 300, connectRate: 50 },
      { start: '2026-03-11', dials: 0, connects: 0, talkSeconds: 0, connectRate: 0 },
      { start: '2026-03-12', dials: 1, connects: 1, talkSeconds: 30, connectRate: 100 },
    ]);
    expect(res.body.totals).toEqual({ dials: 4, connects: 3, talkSeconds: 450, connectRate: 75 });
    expect(res.body.byHour.filter((h) => h.dials > 0)).toEqual([
      { hour: 0, dials: 1, connects: 1 },
      { hour: 9, dials: 2, connects: 1 },
      { hour: 23, dials: 1, connects: 1 },
    ]);
  });

  it("shows the agent's own funnel per campaign with step conversion rates", async () => {
    const res = await http.get<FunnelInsights>(`/api/insights/funnel?${qs(NY)}`, { token: agent.accessToken });
    expect(res.body.campaigns).toEqual([
      {
        campaignId,
        campaignName: 'Hotel Insights',
        assigned: 5,
        contacted: 4,
        interested: 3,
        closed: 3,
        contactRate: 80,
        interestRate: 75,
        closeRate: 100,
      },
    ]);
    const others = await http.get<FunnelInsights>(`/api/insights/funnel?${qs(NY)}`, { token: other.accessToken });
    expect(others.body.campaigns.map((c) => [c.campaignName, c.assigned])).toEqual([['Solar Elsewhere', 1]]);
  });

  it("gives a team lead their downline by level with the override earned on each member and the week's trend", async () => {
    const res = await http.get<TeamInsights>(`/api/insights/team?${qs(NY)}`, { token: lead.accessToken });
    expect(res.status).toBe(200);
    expect(
      res.body.members.map(({ name, level, dials, connects, deals, override, trend }) => ({
        name,
        level,
        dials,
        connects,
        deals,
        override,
        direction: trend.direction,
      })),
    ).toEqual([
      { name: 'Arno Agent', level: 1, dials: 4, connects: 3, deals: 2, override: 2_850, direction: 'rising' },
      { name: 'Opal Opener', level: 2, dials: 1, connects: 1, deals: 1, override: 500, direction: 'rising' },
    ]);
    expect(res.body.levels).toEqual([
      { level: 1, members: 1, dials: 4, connects: 3, deals: 2, override: 2_850 },
      { level: 2, members: 1, dials: 1, connects: 1, deals: 1, override: 500 },
      { level: 3, members: 0, dials: 0, connects: 0, deals: 0, override: 0 },
    ]);
    const agentsTeam = await http.get<TeamInsights>(`/api/insights/team?${qs(NY)}`, { token: agent.accessToken });
    expect(agentsTeam.body.members.map((m) => [m.name, m.override])).toEqual([['Opal Opener', 1_000]]);
    const loner = await http.get<TeamInsights>(`/api/insights/team?${qs(NY)}`, { token: other.accessToken });
    expect(loner.body.members).toEqual([]);
  });

  it('gives an owner their campaigns only and an admin every campaign', async () => {
    const mine = await http.get<CampaignInsights>(`/api/insights/campaigns?${qs(NY)}`, { token: owner.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body.campaigns).toEqual([
      {
        campaignId,
        campaignName: 'Hotel Insights',
        imported: 5,
        distributed: 5,
        worked: 4,
        recycled: 1,
        calls: 5,
        deals: 2,
        revenue: 300_000,
        commissionCost: 81_350,
      },
    ]);
    expect(mine.body.activeAgents).toEqual([
      { start: '2026-03-09', agents: 1 },
      { start: '2026-03-10', agents: 1 },
      { start: '2026-03-11', agents: 2 },
      { start: '2026-03-12', agents: 1 },
    ]);
    const all = await http.get<CampaignInsights>(`/api/insights/campaigns?${qs(NY)}`, { token: admin.accessToken });
    const elsewhere = all.body.campaigns.find((c) => c.campaignId === otherCampaignId);
    expect(elsewhere).toMatchObject({ calls: 1, deals: 1, revenue: 30_000, commissionCost: 9_000 });
    expect(all.body.activeAgents.map((d) => d.agents)).toEqual([1, 2, 3, 1]);
    const notTheirs = await http.get(`/api/insights/campaigns?${qs({ ...NY, campaignId: otherCampaignId })}`, {
      token: owner.accessToken,
    });
    expect(notTheirs.status).toBe(404);
  });

  it('refuses campaign insights to sales users and bad filters with a clear message', async () => {
    const sales = await http.get<{ error: string }>(`/api/insights/campaigns?${qs(NY)}`, { token: agent.accessToken });
    expect(sales.status).toBe(403);
    expect(sales.body.error).toBe('Only campaign owners and admins can see campaign insights.');
    const cases: Array<[Record<string, string>, string]> = [
      [{ period: 'custom' }, 'Please choose both a start and an end date.'],
      [{ period: 'custom', from: '2026-03-10', to: '2026-03-09' }, 'The end date must be on or after the start date.'],
      [{ period: 'custom', from: '2026-02-30', to: '2026-03-09' }, 'Please enter dates as YYYY-MM-DD.'],
      [{ period: 'custom', from: '2024-01-01', to: '2026-03-09' }, 'Please choose a range of at most 366 days.'],
      [{ period: 'yesterday' }, 'Please choose this week, last 4 weeks, this month, last 3 months or a custom range.'],
      [{ tz: 'Mars/Olympus' }, 'Unknown time zone.'],
      [{ campaignId: 'no pe!' }, 'Campaign not found.'],
    ];
    for (const [query, message] of cases) {
      const res = await http.get<{ error: string }>(`/api/insights/earnings?${qs(query)}`, {
        token: agent.accessToken,
      });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const missing = await http.get(`/api/insights/calls?${qs({ campaignId: new ObjectId().toHexString() })}`, {
      token: agent.accessToken,
    });
    expect(missing.status).toBe(404);
  });

  it('resolves the named periods in the viewer zone, ending today', async () => {
    const week = await http.get<EarningsInsights>(
      `/api/insights/earnings?${qs({ period: 'this-week', tz: 'Asia/Tokyo' })}`,
      { token: agent.accessToken },
    );
    expect(week.body.range).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-12',
      startsAt: '2026-03-08T15:00:00.000Z',
    });
    const quarter = await http.get<EarningsInsights>(`/api/insights/earnings?${qs({ period: 'last-3-months' })}`, {
      token: agent.accessToken,
    });
    expect(quarter.body.range).toMatchObject({ from: '2026-01-01', to: '2026-03-12', bucket: 'week' });
    expect((await http.get(`/api/insights/earnings`)).status).toBe(401);
  });
});
