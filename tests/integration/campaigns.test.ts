import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import type { CampaignList } from '../../shared/schemas/campaigns/list.js';
import { findUserById } from '../../server/features/users/repository.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

describe('campaigns', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  let owner: CreatedUser;
  let otherOwner: CreatedUser;
  let admin: CreatedUser;
  let agent: CreatedUser;
  let hotel: CampaignDetail;
  let solar: CampaignDetail;

  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    owner = await createUser(testApp, { role: 'owner' });
    otherOwner = await createUser(testApp, { role: 'owner' });
    admin = await createUser(testApp, { role: 'admin' });
    agent = await createUser(testApp);
    hotel = await createTestCampaign(testApp, owner.user, {
      name: 'Hotel Accommodation',
      description: 'Earn $6 per night booked',
      roleNeeded: 'Opener',
    });
    solar = await createTestCampaign(testApp, owner.user, {
      name: 'Solar Panel Installation',
      description: 'Clean energy',
      status: 'coming-soon',
      roleNeeded: 'Closer',
    });
    await createTestCampaign(testApp, owner.user, { name: 'SaaS Sales', description: 'Software', roleNeeded: 'Both' });
  });
  afterAll(() => testApp?.close());

  it('lists campaigns without sign-in, with search, status and role filters', async () => {
    const all = await http.get<CampaignList>('/api/campaigns');
    expect(all.status).toBe(200);
    expect(all.body.items.map((c) => c.name).sort()).toEqual([
      'Hotel Accommodation',
      'SaaS Sales',
      'Solar Panel Installation',
    ]);
    expect(all.body.items.every((c) => c.joined === false && c.agentCount === 0)).toBe(true);

    const search = await http.get<CampaignList>('/api/campaigns?search=NIGHT');
    expect(search.body.items.map((c) => c.slug)).toEqual(['hotel-accommodation']);
    const soon = await http.get<CampaignList>('/api/campaigns?status=coming-soon');
    expect(soon.body.items.map((c) => c.name)).toEqual(['Solar Panel Installation']);
    const openers = await http.get<CampaignList>('/api/campaigns?role=Opener');
    expect(openers.body.items.map((c) => c.name).sort()).toEqual(['Hotel Accommodation', 'SaaS Sales']);
    expect((await http.get('/api/campaigns?status=paused')).status).toBe(400);
    expect((await http.get('/api/campaigns', { token: 'not-a-token' })).status).toBe(401);
  });

  it('shows a campaign by id or slug with its commission structure', async () => {
    const bySlug = await http.get<CampaignDetail>('/api/campaigns/hotel-accommodation');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({
      id: hotel.id,
      commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
      canEdit: false,
      holdDays: 7,
    });
    const asOwner = await http.get<CampaignDetail>(`/api/campaigns/${hotel.id}`, { token: owner.accessToken });
    expect(asOwner.body.canEdit).toBe(true);
    expect((await http.get('/api/campaigns/nope')).status).toBe(404);
  });

  it('joins and leaves; coming-soon campaigns cannot be joined or selected', async () => {
    const joined = await http.post<{ joined: boolean; agentCount: number }>(
      `/api/campaigns/${hotel.id}/join`,
      undefined,
      { token: agent.accessToken },
    );
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ campaignId: hotel.id, joined: true, agentCount: 1 });
    // Joining twice changes nothing.
    expect(
      (
        await http.post<{ agentCount: number }>(`/api/campaigns/${hotel.id}/join`, undefined, {
          token: agent.accessToken,
        })
      ).body.agentCount,
    ).toBe(1);
    const list = await http.get<CampaignList>('/api/campaigns', { token: agent.accessToken });
    expect(list.body.items.find((c) => c.id === hotel.id)).toMatchObject({ joined: true, agentCount: 1 });

    const soon = await http.post(`/api/campaigns/${solar.id}/join`, undefined, { token: agent.accessToken });
    expect(soon.status).toBe(409);
    expect(soon.body).toMatchObject({
      title: 'Coming Soon',
      error: 'This campaign will be available soon. Join our waitlist to get early access.',
    });
    const select = await http.put('/api/me/active-campaign', { campaignId: solar.id }, { token: agent.accessToken });
    expect(select.status).toBe(409);
    expect(select.body).toMatchObject({ title: 'Coming Soon' });

    const selected = await http.put('/api/me/active-campaign', { campaignId: hotel.id }, { token: agent.accessToken });
    expect(selected.body).toEqual({
      activeCampaignId: hotel.id,
      campaignName: 'Hotel Accommodation',
      title: 'Campaign selected: Hotel Accommodation',
      message: "You'll now receive leads for this campaign.",
    });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.activeCampaignId?.toHexString()).toBe(hotel.id);

    const left = await http.delete<{ joined: boolean; agentCount: number }>(`/api/campaigns/${hotel.id}/join`, {
      token: agent.accessToken,
    });
    expect(left.body).toEqual({ campaignId: hotel.id, joined: false, agentCount: 0 });
    expect((await findUserById(testApp.platform.db, agent.user._id))!.activeCampaignId).toBeUndefined();
    expect((await http.post(`/api/campaigns/${hotel.id}/join`)).status).toBe(401);
  });

  it('lets only owners (their own campaigns) and admins create and edit', async () => {
    const body = {
      name: 'Roofing',
      description: 'Roofs',
      status: 'coming-soon',
      roleNeeded: 'Both',
      payoutRange: '$300-$5000',
      commissionStructure: { opener: 7, closer: 20, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
    };
    expect((await http.post('/api/campaigns', body, { token: agent.accessToken })).status).toBe(403);
    const created = await http.post<CampaignDetail>('/api/campaigns', body, { token: otherOwner.accessToken });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'roofing',
      ownerId: otherOwner.user._id.toHexString(),
      canEdit: true,
      status: 'coming-soon',
    });

    expect(
      (await http.patch(`/api/campaigns/${hotel.id}`, { payoutRange: '$1-$2' }, { token: agent.accessToken })).status,
    ).toBe(403);
    const notTheirs = await http.patch(
      `/api/campaigns/${hotel.id}`,
      { payoutRange: '$1-$2' },
      { token: otherOwner.accessToken },
    );
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body).toMatchObject({ error: 'Only the owner of this campaign or an admin can change it.' });

    const edited = await http.patch<CampaignDetail>(
      `/api/campaigns/${hotel.id}`,
      {
        payoutRange: '$600-$2600',
        commissionStructure: { opener: 12, closer: 18, fullStack: 32, override: { level1: 6, level2: 3, level3: 1.5 } },
        tiers: [{ target: '50 nights', payout: 350 }],
      },
      { token: owner.accessToken },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      payoutRange: '$600-$2600',
      commissionStructure: { opener: 12 },
      tiers: [{ target: '50 nights', payout: 350 }],
    });
    const byAdmin = await http.patch<CampaignDetail>(
      `/api/campaigns/${hotel.id}`,
      { status: 'coming-soon' },
      { token: admin.accessToken },
    );
    expect(byAdmin.body.status).toBe('coming-soon');
    expect((await http.patch(`/api/campaigns/${hotel.id}`, {}, { token: owner.accessToken })).status).toBe(400);
  });
});
