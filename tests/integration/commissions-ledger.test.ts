import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsUpdatedPayload } from '../../shared/events.js';
import type { Earnings } from '../../shared/schemas/commissions/earnings.js';
import type { PayoutsResponse } from '../../shared/schemas/commissions/ledger.js';
import { recordDealCommissions } from '../../server/features/commissions/service.js';
import { commissionsCollection } from '../../server/features/commissions/repository.js';
import { dealsCollection } from '../../server/features/deals/repository.js';
import { findLeadById } from '../../server/features/leads/repository.js';
import { notificationsCollection } from '../../server/features/notifications/repository.js';
import { ManualClock } from '../../server/platform/clock.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

const DAY = 24 * 3600 * 1000;

describe('commissions ledger', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
  let owner: CreatedUser;
  let admin: CreatedUser;
  // top <- a <- b <- c <- d: d closes; c, b, a earn levels 1-3; top (level 4) earns nothing.
  let top: CreatedUser, a: CreatedUser, b: CreatedUser, c: CreatedUser, d: CreatedUser;
  let campaignId: string;

  const linesOf = (dealId: string) =>
    commissionsCollection(testApp.platform.db)
      .find({ dealId: new ObjectId(dealId) })
      .toArray();
  const waitForLines = (dealId: string, count: number) =>
    eventually(async () => {
      const lines = await linesOf(dealId);
      return lines.length >= count ? lines : undefined;
    });

  beforeAll(async () => {
    testApp = await buildTestApp({ clock });
    http = client(testApp.url);
    owner = await createUser(testApp, { role: 'owner', name: 'Olga Owner' });
    admin = await createUser(testApp, { role: 'admin', name: 'Adam Admin' });
    top = await createUser(testApp, { name: 'Top Level' });
    a = await createUser(testApp, { name: 'Agent A', uplineId: top.user._id });
    b = await createUser(testApp, { name: 'Agent B', uplineId: a.user._id });
    c = await createUser(testApp, { name: 'Agent C', uplineId: b.user._id });
    d = await createUser(testApp, { name: 'Agent D', uplineId: c.user._id });
    campaignId = (await createTestCampaign(testApp, owner.user, { name: 'Hotel Ledger Test' })).id;
    for (const agent of [a, b, c, d]) await joinTestCampaign(testApp, agent.user, campaignId);
  });
  afterAll(() => testApp?.close());

  it('writes the exact cents for a full-stack deal in a 4-level chain and pushes earnings to everyone affected', async () => {
    const aSocket = await testApp.socket(a.accessToken);
    const aEarnings = new Promise<EarningsUpdatedPayload>((resolve) => aSocket.on('earnings:updated', resolve));
    const lead = await createAssignedLead(testApp, campaignId, d.user, 'Grand Hotel Group');

    const res = await http.post<{ id: string; value: number; status: string }>(
      `/api/leads/${lead._id}/close`,
      { dealValue: 1234.56 },
      { token: d.accessToken },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ value: 123_456, status: 'closed' });
    const stored = await findLeadById(testApp.platform.db, lead._id);
    expect(stored).toMatchObject({ disposition: 'Closed', stage: 'Closed' });

    const lines = await waitForLines(res.body.id, 4);
    const byUser = (user: CreatedUser) =>
      lines.filter((l) => l.userId.equals(user.user._id)).map((l) => [l.kind, l.level, l.amount, l.status]);
    expect(byUser(d)).toEqual([['fullStack', 0, 37_037, 'pending']]); // 30% of $1,234.56 = 370.368 -> $370.37
    expect(byUser(c)).toEqual([['override', 1, 1_852, 'pending']]); // 5% of 37,037 = 1,851.85
    expect(byUser(b)).toEqual([['override', 2, 926, 'pending']]); // 2.5% = 925.925
    expect(byUser(a)).toEqual([['override', 3, 370, 'pending']]); // 1% = 370.37
    expect(byUser(top)).toEqual([]);
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => l.holdUntil.getTime() === clock.now().getTime() + 7 * DAY)).toBe(true);

    const pushed = await aEarnings;
    expect(pushed).toMatchObject({
      reason: 'deal-closed',
      dealId: res.body.id,
      earnings: { total: 370, pending: 370 },
    });

    // Every line explains itself.
    const ledger = await http.get<PayoutsResponse>('/api/payouts', { token: b.accessToken });
    expect(ledger.status).toBe(200);
    expect(ledger.body.ledger[0].why).toMatchObject({
      dealValue: 123_456,
      leadName: 'Grand Hotel Group',
      campaignName: 'Hotel Ledger Test',
      rule: 'override level 2',
      percent: 2.5,
      level: 2,
      basis: 37_037,
      sourceUserName: 'Agent D',
    });
    expect(ledger.body.ledger[0].why.text).toBe(
      "Override level 2: 2.5% of Agent D's $370.37 commission on the $1,234.56 deal = $9.26",
    );

    // Running the job again writes nothing new.
    expect(await recordDealCommissions(testApp.platform, new ObjectId(res.body.id))).toBe(0);
    expect(await linesOf(res.body.id)).toHaveLength(4);
    // Closing the same lead again is refused.
    const again = await http.post(`/api/leads/${lead._id}/close`, { dealValue: 10 }, { token: d.accessToken });
    expect(again.status).toBe(409);
  });

  it('splits opener and closer and pays each one their own uplines', async () => {
    const opener = await createUser(testApp, { name: 'Opener O', uplineId: top.user._id });
    await joinTestCampaign(testApp, opener.user, campaignId);
    const lead = await createAssignedLead(testApp, campaignId, d.user, 'Split Lead');
    const res = await http.post<{ id: string }>(
      `/api/leads/${lead._id}/close`,
      { dealValue: 1000, openerId: opener.user._id.toHexString() },
      { token: d.accessToken },
    );
    expect(res.status).toBe(201);
    const lines = await waitForLines(res.body.id, 6);
    const summary = lines.map((l) => [l.userId.toHexString(), l.kind, l.level, l.amount]).sort();
    expect(summary).toEqual(
      [
        [opener.user._id.toHexString(), 'opener', 0, 10_000],
        [top.user._id.toHexString(), 'override', 1, 500],
        [d.user._id.toHexString(), 'closer', 0, 15_000],
        [c.user._id.toHexString(), 'override', 1, 750],
        [b.user._id.toHexString(), 'override', 2, 375],
        [a.user._id.toHexString(), 'override', 3, 150],
      ].sort(),
    );
  });

  it('holds, approves, pays by an admin run, and claws back a cancelled deal', async () => {
    const lead = await createAssignedLead(testApp, campaignId, d.user, 'Refund Hotel');
    const closed = await http.post<{ id: string }>(
      `/api/leads/${lead._id}/close`,
      { dealValue: 200 },
      { token: d.accessToken },
    );
    await waitForLines(closed.body.id, 4);

    expect((await http.post('/api/admin/payouts/run', undefined, { token: d.accessToken })).status).toBe(403);
    const early = await http.post<{ payouts: number; approved: number }>('/api/admin/payouts/run', undefined, {
      token: admin.accessToken,
    });
    expect(early.body).toMatchObject({ payouts: 0, approved: 0 });

    clock.advance(8 * DAY);
    const run = await http.post<{ payouts: number; approved: number; total: number }>(
      '/api/admin/payouts/run',
      undefined,
      { token: admin.accessToken },
    );
    expect(run.status).toBe(200);
    expect(run.body.approved).toBeGreaterThanOrEqual(4);
    const lines = await linesOf(closed.body.id);
    expect(lines.every((l) => l.status === 'paid' && l.payoutId)).toBe(true);
    const paidNotice = await notificationsCollection(testApp.platform.db).findOne({
      userId: d.user._id,
      type: 'payout-completed',
    });
    expect(paidNotice?.title).toBe('Payout completed');

    const history = await http.get<PayoutsResponse>('/api/payouts', { token: d.accessToken });
    expect(history.body.payouts.some((p) => p.status === 'completed' && p.campaign === 'Hotel Ledger Test')).toBe(true);

    // Agents cannot cancel; the owner can.
    expect((await http.post(`/api/deals/${closed.body.id}/cancel`, {}, { token: d.accessToken })).status).toBe(403);
    const cancelled = await http.post<{ status: string }>(
      `/api/deals/${closed.body.id}/cancel`,
      { reason: 'refunded' },
      { token: owner.accessToken },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('refunded');

    const clawbacks = await eventually(async () => {
      const all = (await linesOf(closed.body.id)).filter((l) => l.kind === 'clawback');
      return all.length === 4 ? all : undefined;
    });
    const paid = new Map(lines.map((l) => [l._id.toHexString(), l.amount]));
    for (const claw of clawbacks) {
      expect(claw.amount).toBe(-paid.get(claw.reverses!.lineId.toHexString())!);
      expect(claw.status).toBe('approved');
      expect(claw.why.text).toContain('was refunded');
    }
    expect(clawbacks.find((l) => l.userId.equals(d.user._id))!.amount).toBe(-6_000);
    const notice = await eventually(() =>
      notificationsCollection(testApp.platform.db)
        .findOne({ userId: a.user._id, type: 'commission-clawback' })
        .then((n) => n ?? undefined),
    );
    expect(notice.body).toContain('will be deducted from your next payout');

    // A second cancel is refused; the next run cannot pay a negative balance (clawbacks only) and carries it.
    expect((await http.post(`/api/deals/${closed.body.id}/cancel`, {}, { token: owner.accessToken })).status).toBe(409);
    expect((await dealsCollection(testApp.platform.db).findOne({ _id: new ObjectId(closed.body.id) }))!.status).toBe(
      'refunded',
    );
    // Only clawbacks are approved now (the other deals are still held): nothing to pay, every negative balance carried.
    const carry = await http.post<{ payouts: number; carried: number }>('/api/admin/payouts/run', undefined, {
      token: admin.accessToken,
    });
    expect(carry.body.carried).toBeGreaterThanOrEqual(4);
    const afterCarry = await http.get<PayoutsResponse>('/api/payouts', { token: d.accessToken });
    expect(afterCarry.body.totals.approved).toBe(-6_000);
    expect(afterCarry.body.payouts.find((p) => p.status === 'pending')?.source).toContain('1 clawback');
  });

  it('makes one deal when the same lead is closed twice at once', async () => {
    const lead = await createAssignedLead(testApp, campaignId, d.user, 'Double Click Ltd');
    const answers = await Promise.all(
      [1, 2, 3].map(() => http.post(`/api/leads/${lead._id}/close`, { dealValue: 99.99 }, { token: d.accessToken })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await dealsCollection(testApp.platform.db).countDocuments({ leadId: lead._id })).toBe(1);
  });

  it('keeps each agent to their own money and tree', async () => {
    for (const path of [
      `/api/earnings?userId=${a.user._id}`,
      `/api/payouts?userId=${a.user._id}`,
      `/api/bonsai?userId=${a.user._id}`,
    ]) {
      const res = await http.get(path, { token: d.accessToken });
      expect(res.status).toBe(403);
    }
    const own = await http.get<Earnings>('/api/earnings', { token: a.accessToken });
    expect(own.status).toBe(200);
    expect(own.body.total).toBeGreaterThan(0);
    const asAdmin = await http.get<Earnings>(`/api/earnings?userId=${a.user._id}`, { token: admin.accessToken });
    expect(asAdmin.body.total).toBe(own.body.total);

    // Another agent cannot close d's lead: to them it does not exist, as on every lead route.
    const lead = await createAssignedLead(testApp, campaignId, d.user, 'Not Yours');
    const res = await http.post(`/api/leads/${lead._id}/close`, { dealValue: 100 }, { token: c.accessToken });
    expect(res.status).toBe(404);
    expect((await http.get('/api/earnings')).status).toBe(401);
  });
});
