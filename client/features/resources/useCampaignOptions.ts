import { useEffect, useState } from 'react';
import { api } from '../../api/client.js';

export interface CampaignOption {
  id: string;
  label: string;
}

let cached: Promise<CampaignOption[]> | null = null;

/** The campaigns (slug and name) for the campaign filters of the resources pages; fetched once per page load. */
export function useCampaignOptions(): CampaignOption[] {
  const [options, setOptions] = useState<CampaignOption[]>([]);
  useEffect(() => {
    cached ??= api('/api/campaigns', { quiet: true })
      .then((list) => list.items.map((campaign) => ({ id: campaign.slug, label: campaign.name })))
      .catch(() => {
        cached = null;
        return [];
      });
    let live = true;
    void cached.then((loaded) => {
      if (live) setOptions(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return options;
}

export function campaignName(options: CampaignOption[], slug: string | null | undefined): string {
  if (!slug) return 'All campaigns';
  return options.find((option) => option.id === slug)?.label ?? slug;
}
