import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { useApiQuery } from '../../api/useApiQuery.js';

export type { CampaignSummary };

export type CampaignsState =
  { status: 'loading' } | { status: 'ready'; campaigns: CampaignSummary[] } | { status: 'failed'; message: string };

export function useCampaigns(): [CampaignsState, () => void] {
  const { data, loading, failed, error, retry } = useApiQuery('/api/campaigns', { quiet: true });
  const state: CampaignsState = loading
    ? { status: 'loading' }
    : failed
      ? {
          status: 'failed',
          message: error instanceof Error ? error.message : 'Something went wrong. Please try again later.',
        }
      : data
        ? { status: 'ready', campaigns: data.items }
        : { status: 'loading' };
  return [state, retry];
}
