import { useMemo } from 'react';
import { useApiQuery } from '../../api/useApiQuery.js';
import type { SelectOption } from '../../ui/Select.js';

/** The value of the "All campaigns" choice of a campaign filter. */
export const ALL_CAMPAIGNS = 'all';

const ALL_CAMPAIGNS_OPTION: SelectOption = { id: ALL_CAMPAIGNS, label: 'All campaigns' };

/** "All campaigns" then the campaigns by id, read when the filter appears (quietly: the filter works without them). */
export function useCampaignFilterOptions(): SelectOption[] {
  const { data } = useApiQuery('/api/campaigns', { quiet: true });
  return useMemo(
    () => [ALL_CAMPAIGNS_OPTION, ...(data?.items.map((campaign) => ({ id: campaign.id, label: campaign.name })) ?? [])],
    [data],
  );
}
