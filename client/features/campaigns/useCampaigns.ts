import { useCallback } from 'react';
import type { CampaignListQuery, CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { pathWithQuery, useApiQuery } from '../../api/useApiQuery.js';

export interface CampaignsResult {
  items: CampaignSummary[];
  loading: boolean;
  failed: boolean;
  /** Applies a join/leave answer without a reload. */
  patch: (id: string, change: Partial<CampaignSummary>) => void;
  reload: () => void;
}

const SEARCH_DEBOUNCE_MS = 200;
// One array for "nothing yet", so callers can memoise on `items`.
const NO_CAMPAIGNS: CampaignSummary[] = [];

/** GET /api/campaigns with the given filters (search is debounced while typing). */
export function useCampaigns(query: CampaignListQuery = {}): CampaignsResult {
  const { search, status, role } = query;
  const { data, loading, failed, retry, setData } = useApiQuery(
    pathWithQuery('/api/campaigns', { search: search?.trim(), status, role }),
    {
      debounceMs: search ? SEARCH_DEBOUNCE_MS : 0,
    },
  );

  const patch = useCallback(
    (id: string, change: Partial<CampaignSummary>) => {
      setData(
        (list) =>
          list && { ...list, items: list.items.map((item) => (item.id === id ? { ...item, ...change } : item)) },
      );
    },
    [setData],
  );

  return { items: data?.items ?? NO_CAMPAIGNS, loading, failed, patch, reload: retry };
}
