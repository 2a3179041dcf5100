import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvents, type LeadUpdatedPayload } from '../../shared/events.js';
import type { DealItem } from '../../shared/schemas/deals/close.js';
import type { LeadDealView } from '../../shared/schemas/deals/lead-deal.js';
import type { LeadDetail, LeadItem } from '../../shared/schemas/leads/lead.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createAssignedLead, createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client, eventually } from '../support/http.js';

let testApp: TestApp;
let http: ReturnType<typeof client>;
let owner: CreatedUser;
let admin: CreatedUser;
let closer: CreatedUser;
let opener: CreatedUser;
let outsider: CreatedUser;
let campaign: { id: string; slug: string };

type Page = { items: LeadItem[]; nextCursor: string | null };

beforeAll(async () => {
  testApp = await buildTestApp();
  http = client(testApp.url);
  [owner, admin, closer, opener, outsider] = await Promise.all([
    createUser(testApp, { role: 'owner', name: 'Olga Owner' }),
    createUser(testApp, { role: 'admin', name: 'Adam Admin' }),
    createUser(testApp, { name: 'Cleo Closer' }),
    createUser(testApp, { name: 'Omar Opener' }),
    createUser(testApp, { name: 'Otto Outsider' }),
  ]);
  // No hold window: a closed deal's lines can be paid by the next run, so a refund claws them back.
  campaign = await createTestCampaign(testApp, owner.user, {
    holdDays: 0,
    commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
  });
  await joinTestCampaign(testApp, closer.user, campaign.id);
  await joinTestCampaign(testApp, opener.user, campaign.id);
});
afterAll(() => testApp?.close());

describe('a campaign named by id or slug on the lead routes', () => {
  it('lists the same leads for the slug as for the id, and says so for an unknown campaign', async () => {
    const lead = await createAssignedLead(testApp, campaign.id, closer.user, 'Slug Lead');
    const byId = await http.get<Page>(`/api/leads?campaignId=${campaign.id}`, { token: closer.accessToken });
    const bySlug = await http.get<Page>(`/api/leads?campaignId=${campaign.slug}`, { token: closer.accessToken });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.items.map((l) => l.id)).toEqual(byId.body.items.map((l) => l.id));
    expect(bySlug.body.items.map((l) => l.id)).toContain(lead._id.toHexString());

    const unknown = await http.get(`/api/leads?campaignId=no-such-campaign`, { token: closer.accessToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'Campaign not found.' });
    const unknownId = await http.get(`/api/leads?campaignId=${'0'.repeat(24)}`, { token: closer.accessToken });
    expect(unknownId.status).toBe(404);
    const malformed = await http.get(`/api/leads?campaignId=${encodeURIComponent('hotel; drop')}`, {
      token: closer.accessToken,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'Campaign not found.' });
  });

  it('takes a slug when an agent requests leads', async () => {
    const answer = await http.post<{ assigned: number }>(
      '/api/leads/request',
      { campaignId: campaign.slug, count: 1 },
      { token: closer.accessToken },
    );
    expect(answer.status).toBe(200);
    const unknown = await http.post(
      '/api/leads/request',
      { campaignId: 'no-such-campaign', count: 1 },
      { token: closer.accessToken },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("a lead's deal: opener choices, split, cancel and refund", () => {
  it('closes with an opener, shows each side its lines, and a refund claws the paid lines back live', async () => {
    const lead = await createAssignedLead(testApp, campaign.id, closer.user, 'Split Lead');
    const leadId = lead._id.toHexString();

    const before = await http.get<LeadDealView>(`/api/leads/${leadId}/deal`, { token: closer.accessToken });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      closer: { id: closer.user._id.toHexString(), name: 'Cleo Closer' },
      percents: { opener: 10, closer: 15, fullStack: 30 },
      deal: null,
      canCancel: false,
      lines: [],
    });
    expect(before.body.openers).toEqual([{ id: opener.user._id.toHexString(), name: 'Omar Opener' }]);
    expect((await http.get(`/api/leads/${leadId}/deal`, { token: outsider.accessToken })).status).toBe(404);
    expect((await http.get(`/api/leads/${leadId}/deal`, { token: opener.accessToken })).status).toBe(404);

    const closed = await http.post<DealItem>(
      `/api/leads/${leadId}/close`,
      { dealValue: 1000, openerId: opener.user._id.toHexString() },
      { token: closer.accessToken },
    );
    expect(closed.status).toBe(201);
    const dealId = closed.body.id;

    const ownerView = await eventually(async () => {
      const view = (await http.get<LeadDealView>(`/api/leads/${leadId}/deal`, { token: owner.accessToken })).body;
      return view.lines.length === 2 ? view : undefined;
    });
    expect(ownerView.canCancel).toBe(true);
    expect(ownerView.deal).toMatchObject({
      id: dealId,
      value: 100_000,
      status: 'closed',
      opener: { name: 'Omar Opener' },
      closer: { name: 'Cleo Closer' },
    });
    expect(ownerView.lines.map((l) => [l.userName, l.kind, l.amount]).sort()).toEqual([
      ['Cleo Closer', 'closer', 15_000],
      ['Omar Opener', 'opener', 10_000],
    ]);
    const closerView = (await http.get<LeadDealView>(`/api/leads/${leadId}/deal`, { token: closer.accessToken })).body;
    expect(closerView.canCancel).toBe(false);
    expect(closerView.lines.map((l) => [l.userName, l.kind, l.amount])).toEqual([['Cleo Closer', 'closer', 15_000]]);

    expect((await http.post('/api/admin/payouts/run', undefined, { token: admin.accessToken })).status).toBe(200);
    expect(
      (
        await http.post(
          `/api/deals/${dealId}/cancel`,
          { reason: 'refunded', note: 'Card chargeback' },
          { token: closer.accessToken },
        )
      ).status,
    ).toBe(403);

    const closerSocket = await testApp.socket(closer.accessToken);
    const updated = new Promise<LeadUpdatedPayload>((resolve) => closerSocket.once(SocketEvents.leadUpdated, resolve));
    const refunded = await http.post<DealItem>(
      `/api/deals/${dealId}/cancel`,
      { reason: 'refunded', note: '  Card chargeback ' },
      { token: owner.accessToken },
    );
    expect(refunded.status).toBe(200);
    expect(refunded.body.status).toBe('refunded');
    expect((await updated).id).toBe(leadId);
    const detail = (await http.get<LeadDetail>(`/api/leads/${leadId}`, { token: closer.accessToken })).body;
    expect(detail.history.at(-1)?.change).toBe('Deal refunded ($1,000.00): Card chargeback');

    const afterRefund = await eventually(async () => {
      const view = (await http.get<LeadDealView>(`/api/leads/${leadId}/deal`, { token: owner.accessToken })).body;
      return view.lines.length === 4 ? view : undefined;
    });
    expect(afterRefund.canCancel).toBe(false);
    expect(afterRefund.deal).toMatchObject({ status: 'refunded', cancelNote: 'Card chargeback' });
    expect(
      afterRefund.lines
        .filter((l) => l.kind === 'clawback')
        .map((l) => [l.userName, l.amount])
        .sort(),
    ).toEqual([
      ['Cleo Closer', -15_000],
      ['Omar Opener', -10_000],
    ]);
    const again = await http.post(
      `/api/deals/${dealId}/cancel`,
      { reason: 'cancelled', note: 'twice' },
      { token: owner.accessToken },
    );
    expect(again.status).toBe(409);
    closerSocket.disconnect();
  });
});
