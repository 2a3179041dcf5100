import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createTestCampaign, joinTestCampaign } from '../support/campaign-factories.js';
import { createUser, type CreatedUser } from '../support/factories.js';
import { client } from '../support/http.js';

// Every route taking a campaign as `campaignId` answers the same for its slug as for its id.
let testApp: TestApp;
let http: ReturnType<typeof client>;
let campaign: CampaignDetail;
let owner: CreatedUser;
let agent: CreatedUser;

beforeAll(async () => {
  testApp = await buildTestApp({ workers: false });
  http = client(`${testApp.url}/api`);
  owner = await createUser(testApp, { role: 'owner' });
  agent = await createUser(testApp);
  campaign = await createTestCampaign(testApp, owner.user);
  await joinTestCampaign(testApp, agent.user, campaign.id);
});

afterAll(async () => {
  await testApp?.close();
});

const QUERY_ROUTES: Array<[path: string, who: 'owner' | 'agent']> = [
  ['/bonsai', 'agent'],
  ['/calls', 'owner'],
  ['/clients', 'agent'],
  ['/payouts', 'agent'],
  ['/earnings', 'agent'],
  ['/dialer/dnc', 'owner'],
  ['/insights/earnings', 'agent'],
  ['/insights/calls', 'agent'],
  ['/insights/funnel', 'agent'],
  ['/insights/team', 'owner'],
  ['/insights/campaigns', 'owner'],
  ['/leaderboard', 'agent'],
  ['/leads', 'agent'],
];

describe('a campaign slug wherever a campaign id is taken', () => {
  it.each(QUERY_ROUTES)(
    'GET %s?campaignId= takes the slug as the id, and an unknown slug is not found',
    async (path, who) => {
      const token = (who === 'owner' ? owner : agent).accessToken;
      const byId = await http.get(`${path}?campaignId=${campaign.id}`, { token });
      const bySlug = await http.get(`${path}?campaignId=${campaign.slug}`, { token });
      expect(byId.status, JSON.stringify(byId.body)).toBe(200);
      expect(bySlug.status).toBe(200);
      expect(bySlug.body).toEqual(byId.body);
      const unknown = await http.get(`${path}?campaignId=no-such-campaign`, { token });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'Campaign not found.' });
    },
  );

  it('the Call History export takes the slug', async () => {
    const csv = async (ref: string) => {
      const res = await fetch(`${testApp.url}/api/calls/export.csv?campaignId=${ref}`, {
        headers: { authorization: `Bearer ${owner.accessToken}` },
      });
      return { status: res.status, text: await res.text() };
    };
    const [byId, bySlug] = [await csv(campaign.id), await csv(campaign.slug)];
    expect(byId.status).toBe(200);
    expect(bySlug).toEqual(byId);
  });

  it('bodies and paths take the slug: do-not-call entry, active campaign, campaign routes', async () => {
    const added = await http.post<{ entry: { campaignId?: string } }>(
      '/dialer/dnc',
      { phone: '(555) 300-4444', campaignId: campaign.slug },
      { token: owner.accessToken },
    );
    expect(added.status).toBe(201);
    expect(added.body.entry.campaignId).toBe(campaign.id);
    const listed = await http.get<{ items: Array<{ phone: string }> }>(`/dialer/dnc?campaignId=${campaign.slug}`, {
      token: owner.accessToken,
    });
    expect(listed.body.items.map((e) => e.phone)).toContain('5553004444');

    const active = await http.put<{ activeCampaignId: string | null }>(
      '/me/active-campaign',
      { campaignId: campaign.slug },
      { token: agent.accessToken },
    );
    expect(active.status).toBe(200);
    expect(active.body.activeCampaignId).toBe(campaign.id);
    expect(
      (await http.put('/me/active-campaign', { campaignId: 'no-such-campaign' }, { token: agent.accessToken })).status,
    ).toBe(404);

    const detail = await http.get<CampaignDetail>(`/campaigns/${campaign.slug}`, { token: agent.accessToken });
    expect(detail.body.id).toBe(campaign.id);
    expect((await http.post(`/campaigns/${campaign.slug}/join`, undefined, { token: agent.accessToken })).status).toBe(
      200,
    );
  });

  it('a value shaped like neither an id nor a slug is refused before any lookup', async () => {
    const malformed = await http.get(`/leaderboard?campaignId=${encodeURIComponent('hotel; drop')}`, {
      token: agent.accessToken,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'Campaign not found.' });
  });
});
