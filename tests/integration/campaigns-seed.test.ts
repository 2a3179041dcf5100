import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonsaiResponse } from '../../shared/schemas/bonsai/get.js';
import type { CampaignList } from '../../shared/schemas/campaigns/list.js';
import type { PayoutsResponse } from '../../shared/schemas/commissions/ledger.js';
import { campaignsCollection, membershipsCollection } from '../../server/features/campaigns/repository.js';
import { commissionsCollection, payoutsCollection } from '../../server/features/commissions/repository.js';
import { dealsCollection } from '../../server/features/deals/repository.js';
import { findUserByEmail } from '../../server/features/users/repository.js';
import { signAccessToken } from '../../server/platform/auth.js';
import { seedDemoData } from '../../server/seed/index.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client } from '../support/http.js';

describe('demo campaigns, memberships and deals seed', () => {
  let testApp: TestApp;
  let http: ReturnType<typeof client>;
  beforeAll(async () => {
    testApp = await buildTestApp({ workers: false });
    http = client(testApp.url);
    await seedDemoData(testApp.platform);
  });
  afterAll(() => testApp?.close());

  it('seeds the spec catalogue, memberships and real ledger figures, idempotently', async () => {
    const db = testApp.platform.db;
    const counts = async () => ({
      campaigns: await campaignsCollection(db).countDocuments(),
      memberships: await membershipsCollection(db).countDocuments(),
      deals: await dealsCollection(db).countDocuments(),
      lines: await commissionsCollection(db).countDocuments(),
      payouts: await payoutsCollection(db).countDocuments(),
    });
    const first = await counts();
    expect(first).toMatchObject({ campaigns: 10, memberships: 13, deals: 8 });
    expect(first.lines).toBeGreaterThan(10);
    expect(first.payouts).toBeGreaterThan(0);
    await seedDemoData(testApp.platform);
    expect(await counts()).toEqual(first);

    const list = await http.get<CampaignList>('/api/campaigns');
    const bySlug = new Map(list.body.items.map((c) => [c.slug, c]));
    for (const slug of ['hotel', 'adwords', 'real-estate-egypt', 'real-estate-dubai', 'real-estate-us'])
      expect(bySlug.get(slug)?.status).toBe('active');
    expect(bySlug.get('solar')?.status).toBe('coming-soon');
    expect(bySlug.get('roofing')?.status).toBe('coming-soon');
    expect(bySlug.get('hotel')).toMatchObject({
      name: 'Hotel Accommodation',
      agentCount: 4,
      commissionStructure: { opener: 10, closer: 15, fullStack: 30 },
    });
    expect(bySlug.get('real-estate-lead-generation')).toMatchObject({
      isLimited: true,
      limitedUntil: '2025-05-01T00:00:00.000Z',
    });
    // Calling hours mean something in the demo: each campaign works in a real zone, and the demo agents' three campaigns
    // in different ones (a typed number that says nothing of its zone is then not judged in one of them at random).
    const zones = Object.fromEntries(
      (await campaignsCollection(db).find({}).toArray()).map((c) => [c.slug, c.timeZone]),
    );
    expect(zones).toMatchObject({
      hotel: 'America/New_York',
      adwords: 'America/Chicago',
      'real-estate-egypt': 'Africa/Cairo',
      'real-estate-us': 'America/Los_Angeles',
    });
    expect(Object.values(zones).every((zone) => zone !== 'UTC')).toBe(true);
  });

  it('gives the demo agent a three-level Bonsai with earnings and a payouts history', async () => {
    const agent = (await findUserByEmail(testApp.platform.db, 'agent@demo.test'))!;
    const token = signAccessToken(testApp.app, agent);
    const hotel = (await campaignsCollection(testApp.platform.db).findOne({ slug: 'hotel' }))!;
    const bonsai = await http.get<BonsaiResponse>(`/api/bonsai?campaignId=${hotel._id}`, { token });
    expect(bonsai.body.tree.children[0].name).toBe('Bianca Closer');
    expect(bonsai.body.tree.children[0].children[0].children[0].name).toBe('Dina Fullstack');
    expect(bonsai.body.members.every((m) => m.earnings > 0)).toBe(true);
    expect(bonsai.body.stats.overrideEarnings).toBeGreaterThan(0);
    const payouts = await http.get<PayoutsResponse>('/api/payouts', { token });
    expect(payouts.body.payouts.some((p) => p.status === 'completed')).toBe(true);
    expect(payouts.body.ledger.length).toBeGreaterThan(0);
  });
});
