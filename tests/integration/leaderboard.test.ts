import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type LeaderboardUpdatedPayload } from '../../shared/events.js';
import type { AdminPayoutList } from '../../shared/schemas/commissions/admin-payouts.js';
import type { Leaderboard } from '../../shared/schemas/leaderboard/standings.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp, type TestSocket } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

const DAY = 24 * 3600 * 1000;

// Wednesday 2026-03-11: this ISO week began Monday 03-09, this month on 03-01.
describe('leaderboard on real sales', () => {
  const clock = new ManualClock(new Date('2026-02-20T12:00:00Z'));
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let owner: CreatedUser, admin: CreatedUser, alice: CreatedUser, bob: CreatedUser, carol: CreatedUser;
  let hotel: string, solar: string;
  let feedSocket: TestSocket;
  const updates: LeaderboardUpdatedPayload[] = [];
  let bobsBigDeal = '';

  /** Closes a fresh lead over HTTP and waits until its ledger is written (the worker then tells the feed). */
  async function closeDeal(agent: CreatedUser, campaignId: string, dollars: number): Promise<string> {
    const lead = await createAssignedLead(testApp, campaignId, agent.user, `Lead of ${agent.user.name}`);
    const res = await http.post<{ id: string }>(
      `/api/leads/${lead._id}/close`,
      { dealValue: dollars },
      { token: agent.accessToken },
    );
    expect(res.status).toBe(201);
    await waitForUpdate((u) => u.dealId === res.body.id && u.reason === 'deal-closed');
    return res.body.id;
  }

  function waitForUpdate(match: (u: LeaderboardUpdatedPayload) => boolean): Promise<LeaderboardUpdatedPayload> {
    const seen = updates.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no leaderboard:updated in time')), 15_000);
      const listener = (payload: LeaderboardUpdatedPayload) => {
        if (!match(payload)) return;
        clearTimeout(timer);
        feedSocket.off(SocketEvents.leaderboardUpdated, listener);
        resolve(payload);
      };
      feedSocket.on(SocketEvents.leaderboardUpdated, listener);
    });
  }

  const board = async (query: string, who: CreatedUser) => {
    const res = await http.get<Leaderboard>(`/api/leaderboard?${query}`, { token: who.accessToken });
    expect(res.status).toBe(200);
    return res.body;
  };
  const standings = (b: Leaderboard) => b.entries.map((e) => [e.rank, e.user.name, e.deals, e.earnings]);

  beforeAll(async () => {
    testApp = await buildTestApp({ clock });
    http = client(testApp.url);
    owner = await createUser(testApp, { role: 'owner', name: 'Olga Owner' });
    admin = await createUser(testApp, { role: 'admin', name: 'Adam Admin' });
    alice = await createUser(testApp, { name: 'Alice Ace' });
    bob = await createUser(testApp, { name: 'Bob Builder' });
    carol = await createUser(testApp, { name: 'Carol Closer', uplineId: alice.user._id });
    hotel = (await createTestCampaign(testApp, owner.user, { name: 'Leaderboard Hotels' })).id;
    solar = (await createTestCampaign(testApp, owner.user, { name: 'Leaderboard Solar' })).id;
    for (const agent of [alice, bob, carol])
      for (const campaign of [hotel, solar]) await joinTestCampaign(testApp, agent.user, campaign);
    // A plain agent's socket: every signed-in socket is on the feed.
    feedSocket = await testApp.socket(alice.accessToken);
    feedSocket.on(SocketEvents.leaderboardUpdated, (payload: LeaderboardUpdatedPayload) => updates.push(payload));

    // Last month: Alice closes three $100 deals.
    for (let i = 0; i < 3; i++) await closeDeal(alice, hotel, 100);
    // This month, before this week: Bob's $5,000 deal.
    clock.set('2026-03-03T10:00:00Z');
    bobsBigDeal = await closeDeal(bob, hotel, 5_000);
    // This week: Bob $1,000 in solar; Carol two $50 deals in hotels (Alice, her upline, earns 5% of each).
    clock.set('2026-03-10T09:00:00Z');
    await closeDeal(bob, solar, 1_000);
    await closeDeal(carol, hotel, 50);
    await closeDeal(carol, hotel, 50);
    clock.set('2026-03-11T12:00:00Z');
  }, 120_000);
  afterAll(() => testApp?.close());

  it('ranks by deals closed per period, ties sharing a rank', async () => {
    const all = await board('period=all&by=deals', alice);
    expect(all.entries[0]).toMatchObject({ rank: 1, user: { name: 'Alice Ace' }, deals: 3, dealValue: 30_000 });
    expect(
      all.entries
        .slice(1)
        .map((e) => [e.rank, e.deals])
        .sort(),
    ).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect(all.me).toMatchObject({ rank: 1, deals: 3 });
    expect(all.since).toBeNull();

    const month = await board('period=month&by=deals', alice);
    expect(month.since).toBe('2026-03-01T00:00:00.000Z');
    expect(month.entries.map((e) => [e.rank, e.deals])).toEqual([
      [1, 2],
      [1, 2],
    ]);
    // Alice closed nothing this month: she is told so, not given a rank.
    expect(month.me).toMatchObject({ rank: null, deals: 0 });

    const week = await board('period=week&by=deals', bob);
    expect(week.since).toBe('2026-03-09T00:00:00.000Z');
    expect(standings(week)).toEqual([
      [1, 'Carol Closer', 2, 3_000],
      [2, 'Bob Builder', 1, 30_000],
    ]);
    expect(week.me).toMatchObject({ rank: 2, deals: 1, earnings: 30_000, dealValue: 100_000 });
  });

  it('ranks by earnings from the ledger, overrides included', async () => {
    const week = await board('period=week&by=earnings', carol);
    // Bob 30% of $1,000; Carol 30% of 2 x $50; Alice 5% of Carol's two $15 commissions.
    expect(standings(week)).toEqual([
      [1, 'Bob Builder', 1, 30_000],
      [2, 'Carol Closer', 2, 3_000],
      [3, 'Alice Ace', 0, 150],
    ]);
    expect(week.me).toMatchObject({ rank: 2, earnings: 3_000 });

    const all = await board('period=all&by=earnings', alice);
    expect(standings(all)).toEqual([
      [1, 'Bob Builder', 2, 180_000],
      [2, 'Alice Ace', 3, 9_150],
      [3, 'Carol Closer', 2, 3_000],
    ]);
  });

  it('filters by campaign and gives the viewer their rank outside the top', async () => {
    const solarWeek = await board(`period=week&by=deals&campaignId=${solar}`, carol);
    expect(standings(solarWeek)).toEqual([[1, 'Bob Builder', 1, 30_000]]);
    expect(solarWeek.campaignId).toBe(solar);
    expect(solarWeek.me.rank).toBeNull();

    const topOne = await board('period=all&by=earnings&limit=1', carol);
    expect(topOne.entries.map((e) => e.user.name)).toEqual(['Bob Builder']);
    expect(topOne.me).toMatchObject({ rank: 3, earnings: 3_000 });

    expect((await http.get(`/api/leaderboard?campaignId=${'0'.repeat(24)}`, { token: bob.accessToken })).status).toBe(
      404,
    );
    expect((await http.get('/api/leaderboard?period=year', { token: bob.accessToken })).status).toBe(400);
    expect((await http.get('/api/leaderboard')).status).toBe(401);
  });

  it('tells every feed socket when a deal closes or is cancelled, and the standings follow', async () => {
    const bobSocket = await testApp.socket(bob.accessToken);
    const seenByBob = new Promise<LeaderboardUpdatedPayload>((resolve) =>
      bobSocket.once(SocketEvents.leaderboardUpdated, resolve),
    );
    const dealId = await closeDeal(alice, solar, 200);
    expect(await seenByBob).toEqual({ reason: 'deal-closed', dealId, campaignId: solar });
    const week = await board('period=week&by=deals', alice);
    expect(week.me).toMatchObject({ deals: 1, earnings: 6_150 });

    // A cancelled deal drops out of the deal counts and its unpaid commission out of the earnings.
    expect(
      (await http.post(`/api/deals/${bobsBigDeal}/cancel`, { reason: 'cancelled' }, { token: owner.accessToken }))
        .status,
    ).toBe(200);
    await waitForUpdate((u) => u.dealId === bobsBigDeal && u.reason === 'deal-cancelled');
    const month = await board('period=month&by=earnings', bob);
    expect(month.me).toMatchObject({ rank: 1, deals: 1, earnings: 30_000 });
  });

  it('lists payouts for admins only, pending then completed after a run', async () => {
    for (const who of [alice, owner])
      expect((await http.get('/api/admin/payouts', { token: who.accessToken })).status).toBe(403);
    expect((await http.get('/api/admin/payouts')).status).toBe(401);

    const pending = await http.get<AdminPayoutList>('/api/admin/payouts?status=pending', { token: admin.accessToken });
    expect(pending.status).toBe(200);
    const bobHotel = pending.body.items.find((i) => i.user.name === 'Bob Builder' && i.campaignId === solar);
    expect(bobHotel).toMatchObject({
      status: 'pending',
      amount: 0,
      held: 30_000,
      lineCount: 1,
      campaign: 'Leaderboard Solar',
    });
    expect(pending.body.totals.paid).toBe(0);

    // Past every hold window (7 days): the run approves and pays; the rows move to completed.
    clock.advance(30 * DAY);
    const run = await http.post<{ payouts: number; total: number }>('/api/admin/payouts/run', undefined, {
      token: admin.accessToken,
    });
    expect(run.status).toBe(200);
    expect(run.body.payouts).toBeGreaterThanOrEqual(4);

    const after = await http.get<AdminPayoutList>('/api/admin/payouts', { token: admin.accessToken });
    expect(after.body.items).toEqual([]);
    const completed = await http.get<AdminPayoutList>('/api/admin/payouts?status=completed&limit=2', {
      token: admin.accessToken,
    });
    expect(completed.body.items).toHaveLength(2);
    expect(completed.body.items.every((i) => i.status === 'completed' && i.runId)).toBe(true);
    expect(completed.body.totals).toMatchObject({ approved: 0, held: 0, paid: run.body.total });
    const rest = await http.get<AdminPayoutList>(
      `/api/admin/payouts?status=completed&cursor=${completed.body.nextCursor}`,
      { token: admin.accessToken },
    );
    expect(completed.body.items.length + rest.body.items.length).toBe(run.body.payouts);
    expect(
      rest.body.items.some(
        (i) => i.user.name === 'Bob Builder' && i.campaign === 'Leaderboard Solar' && i.amount === 30_000,
      ),
    ).toBe(true);
  });
});
