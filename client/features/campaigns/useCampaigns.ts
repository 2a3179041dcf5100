import { useCallback, useEffect, useState } from 'react';
import type { CampaignList, CampaignListQuery, CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { api } from '../../api/client.js';

export interface CampaignsResult {
  items: CampaignSummary[];
  loading: boolean;
  failed: boolean;
  /** Applies a join/leave answer without a reload. */
  patch: (id: string, change: Partial<CampaignSummary>) => void;
  reload: () => void;
}

const SEARCH_DEBOUNCE_MS = 200;

/** GET /api/campaigns with the given filters (search is debounced while typing). */
export function useCampaigns(query: CampaignListQuery = {}): CampaignsResult {
  const [items, setItems] = useState<CampaignSummary[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { search, status, role } = query;

  useEffect(() => {
    const params = new URLSearchParams();
    if (search?.trim()) params.set('search', search.trim());
    if (status) params.set('status', status);
    if (role) params.set('role', role);
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(
      () => {
        api<CampaignList>(`/api/campaigns${params.size ? `?${params}` : ''}`, { signal: controller.signal })
          .then((list) => {
            setItems(list.items);
            setFailed(false);
            setLoading(false);
          })
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === 'AbortError') return;
            setFailed(true);
            setLoading(false);
          });
      },
      search ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, status, role, attempt]);

  const patch = useCallback((id: string, change: Partial<CampaignSummary>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { items, loading, failed, patch, reload };
}
