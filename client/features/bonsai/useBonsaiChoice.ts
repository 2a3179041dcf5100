import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { useSearch } from 'wouter';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';

/**
 * `?campaign=` preselects that campaign only if it is active; otherwise the first active one (spec 2). Without
 * the parameter the campaign the user works on the overview comes first.
 */
function initialCampaign(
  campaigns: readonly CampaignSummary[],
  wanted: string | null,
  working: string | undefined,
): string | null {
  const active = campaigns.filter((campaign) => campaign.status === 'active');
  const find = (key: string | null | undefined) =>
    key ? active.find((campaign) => campaign.id === key || campaign.slug === key) : undefined;
  return (wanted ? find(wanted) : find(working))?.id ?? active[0]?.id ?? null;
}

/**
 * Which campaign and tab the Bonsai page shows: first what the address names, then what the user chose on the page.
 * `null` while the campaigns load.
 */
export function useBonsaiChoice(
  campaigns: { items: readonly CampaignSummary[]; loading: boolean },
  workingCampaignId: string | undefined,
) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const wanted = params.get('campaign');
  // `?tab=payouts` (the payout and clawback notifications link there) opens that tab; a choice made on the page holds
  // until the address changes again.
  const linkedTab: Key = params.get('tab') === 'payouts' ? 'payouts' : 'structure';
  const [chosen, setChosen] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ search: string; tab: Key } | null>(null);
  const tab = picked?.search === search ? picked.tab : linkedTab;
  const campaignId = chosen ?? (campaigns.loading ? null : initialCampaign(campaigns.items, wanted, workingCampaignId));

  return {
    campaignId,
    tab,
    chooseCampaign: (id: string) => {
      setChosen(id);
      setPicked({ search, tab: 'structure' });
    },
    chooseTab: (key: Key) => setPicked({ search, tab: key }),
  };
}
