import { describe, expect, it } from 'vitest';
import type { CampaignSummary } from '../../shared/schemas/campaigns/list.js';
import { campaignTiles, chooseCampaign } from '../../client/features/lead-management/campaign-choice.js';

const campaign = (slug: string, name: string, extra: Partial<CampaignSummary> = {}) =>
  ({ id: `id-${slug}`, slug, name, joined: false, agentCount: 0, ...extra }) as CampaignSummary;

const hotel = campaign('hotel', 'Hotel Accommodation', { joined: true });
const mine = campaign('solar-cairo', 'Solar Cairo', { ownerId: 'owner-1' });
const theirs = campaign('roofing-giza', 'Roofing Giza', { ownerId: 'owner-2' });
const all = [hotel, mine, theirs];
const owner = { id: 'owner-1', role: 'owner' };

describe('Lead Management campaign tiles', () => {
  it("shows the five lead sets, then the viewer's own and worked campaigns (admins: all)", () => {
    const slugs = (viewer: { id: string; role: string }) => campaignTiles(all, viewer, null).map((t) => t.slug);
    expect(slugs(owner)).toEqual([
      'hotel',
      'adwords',
      'real-estate-egypt',
      'real-estate-dubai',
      'real-estate-us',
      'solar-cairo',
    ]);
    expect(slugs({ id: 'agent', role: 'sales' })).not.toContain('solar-cairo');
    expect(slugs({ id: 'admin', role: 'admin' })).toEqual(expect.arrayContaining(['solar-cairo', 'roofing-giza']));
  });

  it('chooses the campaign in the URL, never another one in its place', () => {
    const tiles = campaignTiles(all, owner, 'solar-cairo');
    expect(chooseCampaign(tiles, owner, 'solar-cairo', false)).toMatchObject({
      kind: 'chosen',
      slug: 'solar-cairo',
      name: 'Solar Cairo',
    });
    const unknown = campaignTiles(all, owner, 'no-such');
    expect(chooseCampaign(unknown, owner, 'no-such', false)).toEqual({ kind: 'unknown', slug: 'no-such' });
    expect(chooseCampaign(unknown, owner, 'no-such', true)).toEqual({ kind: 'loading' });
  });

  it('without a URL campaign: the active one, else the first owned or worked', () => {
    // `joined` is the viewer's own: this owner works in no Hotel team.
    const tiles = campaignTiles([{ ...hotel, joined: false }, mine, theirs], owner, null);
    expect(
      chooseCampaign(campaignTiles(all, owner, null), { ...owner, activeCampaignId: 'id-solar-cairo' }, null, false),
    ).toMatchObject({ slug: 'solar-cairo' });
    expect(chooseCampaign(tiles, owner, null, false)).toMatchObject({ slug: 'solar-cairo' });
    expect(
      chooseCampaign(campaignTiles(all, { id: 'a', role: 'sales' }, null), { id: 'a', role: 'sales' }, null, false),
    ).toMatchObject({ slug: 'hotel' });
  });
});
