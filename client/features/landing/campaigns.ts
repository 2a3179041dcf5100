import { useEffect, useState } from 'react';
import type { CampaignSummary } from '../../../shared/schemas/campaigns/list.js';
import { api } from '../../api/client.js';

export type { CampaignSummary };

export type CampaignsState = { status: 'loading' } | { status: 'ready'; campaigns: CampaignSummary[] } | { status: 'failed'; message: string };

export function useCampaigns(): [CampaignsState, () => void] {
  const [state, setState] = useState<CampaignsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api('/api/campaigns', { quiet: true, signal: controller.signal })
      .then((list) => setState({ status: 'ready', campaigns: list.items }))
      .catch((error: Error) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: error.message });
      });
    return () => controller.abort();
  }, [attempt]);

  return [
    state,
    () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  ];
}
