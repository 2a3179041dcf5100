import { WORKING_CAMPAIGNS } from '../../../shared/constants.js';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';

export interface CampaignTile {
  slug: string;
  name: string;
  /** Undefined for a working campaign that is not open yet. */
  campaign?: CampaignSummary;
}

export type CampaignChoice =
  | { kind: 'loading' }
  /** `?campaign=` names no campaign: nothing is listed and nothing can be imported. */
  | { kind: 'unknown'; slug: string }
  | { kind: 'chosen'; slug: string; name: string; campaign?: CampaignSummary };

interface Viewer {
  id: string;
  role: string;
  activeCampaignId?: string | null;
}

const FIXED = new Set<string>(WORKING_CAMPAIGNS.map((c) => c.slug));

const works = (campaign: CampaignSummary, viewer: Viewer) =>
  viewer.role === 'admin' || campaign.joined || campaign.ownerId === viewer.id;

/**
 * The spec's five lead sets, then every other campaign the viewer owns or works in (admins: all), so a campaign an
 * owner creates gets its tile; a campaign named in the URL gets one too.
 */
export function campaignTiles(
  campaigns: readonly CampaignSummary[],
  viewer: Viewer | null,
  requested: string | null,
): CampaignTile[] {
  const bySlug = new Map(campaigns.map((campaign) => [campaign.slug, campaign]));
  const fixed = WORKING_CAMPAIGNS.map(({ slug, name }) => ({
    slug,
    name: bySlug.get(slug)?.name ?? name,
    campaign: bySlug.get(slug),
  }));
  const others = campaigns
    .filter(
      (campaign) => !FIXED.has(campaign.slug) && ((viewer && works(campaign, viewer)) || campaign.slug === requested),
    )
    .map((campaign) => ({ slug: campaign.slug, name: campaign.name, campaign }));
  return [...fixed, ...others];
}

/**
 * Which lead set the page shows: the one in the URL (said to be unknown when no campaign has that slug, never
 * swapped for another), else the viewer's active campaign, else the first they own or work in, else the first tile.
 */
export function chooseCampaign(
  tiles: readonly CampaignTile[],
  viewer: Viewer | null,
  requested: string | null,
  loading: boolean,
): CampaignChoice {
  const chosen = (tile: CampaignTile): CampaignChoice => ({
    kind: 'chosen',
    slug: tile.slug,
    name: tile.name,
    campaign: tile.campaign,
  });
  if (requested) {
    const tile = tiles.find((t) => t.slug === requested.toLowerCase());
    if (tile) return chosen(tile);
    return loading ? { kind: 'loading' } : { kind: 'unknown', slug: requested };
  }
  if (loading) return { kind: 'loading' };
  const active = tiles.find((t) => t.campaign && t.campaign.id === viewer?.activeCampaignId);
  const worked = tiles.find((t) => t.campaign && viewer && works(t.campaign, viewer) && viewer.role !== 'admin');
  return chosen(active ?? worked ?? tiles[0]);
}
