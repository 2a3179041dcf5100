import { useEffect, useState } from 'react';
import { api } from '../../api/client.js';
import type { SelectOption } from '../../ui/Select.js';

/** The value of the "All campaigns" choice of a campaign filter. */
export const ALL_CAMPAIGNS = 'all';

const ALL_CAMPAIGNS_OPTION: SelectOption = { id: ALL_CAMPAIGNS, label: 'All campaigns' };

/** "All campaigns" then the campaigns by id, read when the filter appears (quietly: the filter works without them). */
export function useCampaignFilterOptions(): SelectOption[] {
  const [options, setOptions] = useState<SelectOption[]>([ALL_CAMPAIGNS_OPTION]);
  useEffect(() => {
    const controller = new AbortController();
    api('/api/campaigns', { quiet: true, signal: controller.signal })
      .then((list) => setOptions([ALL_CAMPAIGNS_OPTION, ...list.items.map((campaign) => ({ id: campaign.id, label: campaign.name }))]))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return options;
}
