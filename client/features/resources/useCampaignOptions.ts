import { useMemo } from 'react';
import { useApiQuery } from '../../api/useApiQuery.js';

export interface CampaignOption {
  id: string;
  label: string;
}

const NO_OPTIONS: CampaignOption[] = [];

/** The campaigns (slug and name) for the campaign filters of the resources pages; fetched once per page load. */
export function useCampaignOptions(): CampaignOption[] {
  const { data } = useApiQuery('/api/campaigns', { quiet: true, shared: true });
  return useMemo(
    () => data?.items.map((campaign) => ({ id: campaign.slug, label: campaign.name })) ?? NO_OPTIONS,
    [data],
  );
}

export function campaignName(options: CampaignOption[], slug: string | null | undefined): string {
  if (!slug) return 'All campaigns';
  return options.find((option) => option.id === slug)?.label ?? slug;
}
