import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  INSIGHT_BUCKETS,
  INSIGHT_PERIODS,
  type InsightBucket,
  type InsightPeriod,
} from '../../../shared/schemas/insights/query.js';

export interface InsightFilters {
  period: InsightPeriod;
  from: string;
  to: string;
  campaignId: string;
  bucket: InsightBucket | '';
}

const isDate = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '');

/**
 * The filters live in the URL (`?period=&from=&to=&campaign=&by=`), so a link, a bookmark or a reload shows the same
 * charts and the Back button the previous choice.
 */
export function useInsightFilters(): [InsightFilters, (patch: Partial<InsightFilters>) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo<InsightFilters>(() => {
    const params = new URLSearchParams(search);
    const period = params.get('period') as InsightPeriod | null;
    const bucket = params.get('by') as InsightBucket | null;
    const campaign = params.get('campaign');
    return {
      period: period && INSIGHT_PERIODS.includes(period) ? period : 'last-4-weeks',
      from: isDate(params.get('from')),
      to: isDate(params.get('to')),
      campaignId: campaign && /^[0-9a-f]{24}$/.test(campaign) ? campaign : '',
      bucket: bucket && INSIGHT_BUCKETS.includes(bucket) ? bucket : '',
    };
  }, [search]);
  const update = useCallback(
    (patch: Partial<InsightFilters>) => {
      const next = { ...filters, ...patch };
      const params = new URLSearchParams();
      if (next.period !== 'last-4-weeks') params.set('period', next.period);
      if (next.period === 'custom' && next.from) params.set('from', next.from);
      if (next.period === 'custom' && next.to) params.set('to', next.to);
      if (next.campaignId) params.set('campaign', next.campaignId);
      if (next.bucket) params.set('by', next.bucket);
      // Each choice is a history entry, so Back returns to the previous period; typing a custom date is not.
      const typing = 'from' in patch || 'to' in patch;
      navigate(`/dashboard/insights${params.size ? `?${params}` : ''}`, { replace: typing });
    },
    [filters, navigate],
  );
  return [filters, update];
}

/** The API query for these filters, in the browser's time zone; null while a custom range is incomplete. */
export function queryFor(filters: InsightFilters): string | null {
  if (filters.period === 'custom' && (!filters.from || !filters.to)) return null;
  const params = new URLSearchParams({
    period: filters.period,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  });
  if (filters.period === 'custom') {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  if (filters.campaignId) params.set('campaignId', filters.campaignId);
  if (filters.bucket) params.set('bucket', filters.bucket);
  return params.toString();
}
