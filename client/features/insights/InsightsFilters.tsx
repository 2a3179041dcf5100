import { Select, type SelectOption } from '../../ui/Select.js';
import { ALL_CAMPAIGNS, useCampaignFilterOptions } from '../campaigns/public.js';
import type { InsightFilters } from './filters.js';
import styles from './Insights.module.css';

const PERIODS: SelectOption[] = [
  { id: 'this-week', label: 'This week' },
  { id: 'last-4-weeks', label: 'Last 4 weeks' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-3-months', label: 'Last 3 months' },
  { id: 'custom', label: 'Custom' },
];

const BUCKETS: SelectOption[] = [
  { id: 'auto', label: 'Automatic' },
  { id: 'day', label: 'Day' },
  { id: 'week', label: 'Week' },
  { id: 'month', label: 'Month' },
];

export function InsightsFilters({
  filters,
  onChange,
}: {
  filters: InsightFilters;
  onChange: (patch: Partial<InsightFilters>) => void;
}) {
  const campaigns = useCampaignFilterOptions();
  return (
    <div className={styles.filters} role="search" aria-label="Filter insights">
      <Select
        label="Period"
        options={PERIODS}
        value={filters.period}
        onChange={(value) => onChange({ period: (value ?? 'last-4-weeks') as InsightFilters['period'] })}
      />
      {filters.period === 'custom' ? (
        <>
          <label className={styles.dateField}>
            From
            <input
              className={styles.date}
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => onChange({ from: event.target.value })}
            />
          </label>
          <label className={styles.dateField}>
            To
            <input
              className={styles.date}
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => onChange({ to: event.target.value })}
            />
          </label>
        </>
      ) : null}
      <Select
        label="Campaign"
        options={campaigns}
        value={filters.campaignId || ALL_CAMPAIGNS}
        onChange={(value) => onChange({ campaignId: !value || value === ALL_CAMPAIGNS ? '' : value })}
      />
      <Select
        label="Group by"
        options={BUCKETS}
        value={filters.bucket || 'auto'}
        onChange={(value) =>
          onChange({ bucket: !value || value === 'auto' ? '' : (value as InsightFilters['bucket']) })
        }
      />
    </div>
  );
}
