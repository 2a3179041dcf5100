import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonsaiResponse } from '../../shared/schemas/bonsai/get.js';
import type { Earnings } from '../../shared/schemas/commissions/earnings.js';
import type { TeamActivityItem, TeamActivityToday } from '../../shared/schemas/team/activity.js';
import type { MeStats } from '../../shared/schemas/overview/stats.js';
import type { SearchResults } from '../../shared/schemas/overview/search.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

/** Everything `team:activity` a socket receives. */
function collect(socket: TestSocket): TeamActivityItem[] {
  const seen: TeamActivityItem[] = [];
  socket.on('team:activity', (item: TeamActivityItem) => seen.push(item));
  return seen;
}

describe('team activity, Bonsai and invitations', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  // great <- top <- l2 <- l1 <- actor <- recruit; stranger and sibling (another recruit of l1) are outside actor's upline.
  let great: CreatedUser,
    top: CreatedUser,
    l2: CreatedUser,
    l1: CreatedUser,
    actor: CreatedUser,
    recruit: CreatedUser,
    sibling: CreatedUser,
    stranger: CreatedUser;
  let campaignId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    http = client(testApp.url);
    const owner = await createUser(testApp, { role: 'owner' });
    great = await createUser(testApp, { name: 'Great Upline' });
    top = await createUser(testApp, { name: 'Top Three', uplineId: great.user._id });
    l2 = await createUser(testApp, { name: 'Level Two', uplineId: top.user._id });
    l1 = await createUser(testApp, { name: 'Level One', uplineId: l2.user._id });
    actor = await createUser(testApp, { name: 'Acting Agent', uplineId: l1.user._id });
    recruit = await createUser(testApp, { name: 'Actor Recruit', uplineId: actor.user._id });
    sibling = await createUser(testApp, { name: 'Sibling Agent', uplineId: l1.user._id });
    stranger = await createUser(testApp, { name: 'Stranger' });
    campaignId = (await createTestCampaign(testApp, owner.user, { name: 'Team Campaign' })).id;
    await joinTestCampaign(testApp, actor.user, campaignId);
  });
  afterAll(() => testApp?.close());

  it('reaches the uplines at levels 1-3 with their level, and nobody else', async () => {
    const sockets = Object.fromEntries(
      await Promise.all(
        Object.entries({ great, top, l2, l1, actor, recruit, sibling, stranger }).map(
          async ([key, u]) => [key, collect(await testApp.socket(u.accessToken))] as const,
        ),
      ),
    );
    const lead = await createAssignedLead(testApp, campaignId, actor.user, 'Team Lead Co');
    const res = await http.post(`/api/leads/${lead._id}/close`, { dealValue: 2500 }, { token: actor.accessToken });
    expect(res.status).toBe(201);

    await eventually(async () => (sockets.top.length && sockets.l2.length && sockets.l1.length ? true : undefined));
    for (const [key, level] of [
      ['l1', 1],
      ['l2', 2],
      ['top', 3],
    ] as const) {
      expect(sockets[key]).toHaveLength(1);
      expect(sockets[key][0]).toMatchObject({
        kind: 'deal-closed',
        actorName: 'Acting Agent',
        level,
        dealValue: 250_000,
        leadName: 'Team Lead Co',
        text: 'Acting Agent closed a $2,500.00 deal with Team Lead Co',
      });
    }
    // Give any stray event time to arrive, then make sure it did not.
    await new Promise((r) => setTimeout(r, 500));
    for (const key of ['great', 'actor', 'recruit', 'sibling', 'stranger']) expect(sockets[key]).toEqual([]);
  });

  it('tells the uplines about a new recruit and notifies the recruiter', async () => {
    const l1Socket = collect(await testApp.socket(l1.accessToken));
    const strangerSocket = collect(await testApp.socket(stranger.accessToken));
    const newcomer = await createUser(testApp, { name: 'New Comer', uplineId: actor.user._id });
    await eventually(async () => (l1Socket.some((a) => a.kind === 'recruit-joined') ? true : undefined));
    expect(l1Socket.find((a) => a.kind === 'recruit-joined')).toMatchObject({
      actorId: newcomer.user._id.toHexString(),
      level: 2,
      text: 'New Comer joined the team',
    });
    expect(strangerSocket).toEqual([]);
    const notes = await http.get<{ items: Array<{ type: string; body: string }> }>('/api/notifications', {
      token: actor.accessToken,
    });
    expect(notes.body.items.some((n) => n.type === 'downline-joined' && n.body.includes('New Comer'))).toBe(true);
  });

  it("gives today's figures per downline member and the recent activity", async () => {
    // Moments of today (UTC), whatever the time of day the test runs at: a fraction of the time since midnight.
    const now = Date.now();
    const midnight = new Date(now).setUTCHours(0, 0, 0, 0);
    const today = (fraction: number) => new Date(midnight + Math.floor((now - midnight) * fraction));
    const call = (startedAt: Date, extra: Record<string, unknown>) => ({
      agentId: actor.user._id,
      phone: '+15550001',
      phoneDigits: '15550001',
      name: 'Callee',
      direction: 'outbound',
      startedAt,
      ...extra,
    });
    // The dialer's calls (written here directly): two ended today, one in progress, one three days ago.
    await testApp.platform.db.collection('calls').insertMany([
      call(today(0.2), { state: 'idle', status: 'answered', connectedAt: today(0.21), endedAt: today(0.25) }),
      call(today(0.5), { state: 'idle', status: 'missed', endedAt: today(0.55) }),
      call(today(0.9), { state: 'connected', connectedAt: today(0.95), live: true }),
      call(new Date(midnight - 3 * 24 * 3600_000), {
        state: 'idle',
        status: 'answered',
        connectedAt: new Date(midnight - 3 * 24 * 3600_000),
      }),
    ]);
    const figures = await http.get<TeamActivityToday>('/api/team/activity/today', { token: l1.accessToken });
    expect(figures.status).toBe(200);
    const actorRow = figures.body.members.find((m) => m.name === 'Acting Agent')!;
    // 30% of $2,500 = $750.00; l1 earns 5% of it = $37.50 once the worker wrote the ledger.
    expect(actorRow).toMatchObject({ level: 1, dials: 3, connects: 2, onCall: true });
    expect(figures.body.members.find((m) => m.name === 'Sibling Agent')).toMatchObject({
      dials: 0,
      connects: 0,
      onCall: false,
    });
    expect(figures.body.members.map((m) => m.name).sort()).toEqual(
      ['Actor Recruit', 'Acting Agent', 'New Comer', 'Sibling Agent'].sort(),
    );
    expect(figures.body.recent.some((a) => a.kind === 'deal-closed' && a.level === 1)).toBe(true);
    const later = await eventually(async () => {
      const res = await http.get<TeamActivityToday>('/api/team/activity/today', { token: l1.accessToken });
      const row = res.body.members.find((m) => m.name === 'Acting Agent')!;
      return row.overrides > 0 ? row : undefined;
    });
    expect(later.overrides).toBe(3_750);
  });

  it('builds the Bonsai from upline links, levels 0-3 shown and deeper counted', async () => {
    const res = await http.get<BonsaiResponse>(`/api/bonsai?campaignId=${campaignId}`, { token: top.accessToken });
    expect(res.status).toBe(200);
    const tree = res.body.tree;
    expect([tree.name, tree.level]).toEqual(['Top Three', 0]);
    expect(tree.children.map((n) => n.name)).toEqual(['Level Two']);
    const level3 = tree.children[0].children[0].children.map((n) => [n.name, n.level]).sort();
    expect(level3).toEqual([
      ['Acting Agent', 3],
      ['Sibling Agent', 3],
    ]);
    expect(res.body.stats.deeperCount).toBe(2); // Actor Recruit and New Comer at level 4
    expect(res.body.stats.levelCounts).toEqual({ level1: 1, level2: 1, level3: 2 });
    const actorRow = res.body.members.find((m) => m.name === 'Acting Agent')!;
    expect(actorRow).toMatchObject({ level: 3, inCampaign: true, earnings: 75_000, overrideToViewer: 750 });
    expect(res.body.members.find((m) => m.name === 'Sibling Agent')!.inCampaign).toBe(false);
    expect(res.body.stats.totalRevenue).toBe(250_000);
    expect(res.body.referralLink).toBe(`${testApp.config.publicUrl}/join/${top.user.referralCode}`);
  });

  it('sends an invitation e-mail with the referral link', async () => {
    const res = await http.post<{ link: string; title: string }>(
      '/api/invitations',
      { email: 'Friend@Example.test' },
      { token: actor.accessToken },
    );
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Invitation sent');
    const mail = await eventually(() =>
      testApp.platform.db
        .collection('outbox')
        .findOne({ to: 'friend@example.test' })
        .then((m) => m ?? undefined),
    );
    expect(mail.text).toContain(`/join/${actor.user.referralCode}`);
    expect(
      (await http.post('/api/invitations', { email: stranger.user.email }, { token: actor.accessToken })).status,
    ).toBe(409);
    expect((await http.post('/api/invitations', { email: 'not-an-email' }, { token: actor.accessToken })).status).toBe(
      400,
    );
  });

  it('computes the overview cards and searches the viewer’s campaigns and leads', async () => {
    const stats = await http.get<MeStats>('/api/me/stats', { token: actor.accessToken });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ dealsClosed: 1, conversionRate: 1, avgDealSize: 250_000, downlineAgents: 2 });
    expect(stats.body.monthlyEarnings).toBe(75_000);
    const search = await http.get<SearchResults>('/api/search?q=team', { token: actor.accessToken });
    expect(search.body.campaigns.map((c) => c.name)).toEqual(['Team Campaign']);
    expect(search.body.leads.map((l) => l.name)).toEqual(['Team Lead Co']);
    const other = await http.get<SearchResults>('/api/search?q=team', { token: stranger.accessToken });
    expect(other.body).toEqual({ campaigns: [], leads: [] });
  });

  it('projects earnings from the open pipeline, own and overrides', async () => {
    // The campaign's average deal is $2,500; a Qualified lead counts half of it at the 30% full-stack rate.
    await createAssignedLead(testApp, campaignId, actor.user, 'Open Pipeline Inc');
    const own = await http.get<Earnings>('/api/earnings', { token: actor.accessToken });
    expect(own.body.projected).toEqual({ own: 37_500, overrides: 0, openLeads: 1 });
    expect(own.body.total).toBe(75_000);
    const upline = await http.get<Earnings>('/api/earnings', { token: l1.accessToken });
    expect(upline.body.projected).toEqual({ own: 0, overrides: 1_875, openLeads: 0 });
  });
});
