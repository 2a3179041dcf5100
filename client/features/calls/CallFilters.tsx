import { SearchInput } from '../../ui/SearchInput.js';
import { Select, type SelectOption } from '../../ui/Select.js';
import { ALL_CAMPAIGNS, useCampaignFilterOptions } from '../campaigns/public.js';
import { setFilter, useCallHistory, type DirectionFilter, type StatusFilter } from './store.js';
import styles from './Calls.module.css';

const STATUS_OPTIONS: SelectOption[] = [
  { id: 'all', label: 'All statuses' },
  { id: 'answered', label: 'Answered' },
  { id: 'missed', label: 'Missed' },
  { id: 'voicemail', label: 'Voicemail' },
];

const DIRECTION_OPTIONS: SelectOption[] = [
  { id: 'all', label: 'All directions' },
  { id: 'outbound', label: 'Outbound' },
  { id: 'inbound', label: 'Inbound' },
];

export function CallFilters() {
  const { filters } = useCallHistory();
  const campaigns = useCampaignFilterOptions();
  return (
    <div className={styles.filters} role="search" aria-label="Filter calls">
      <SearchInput
        className={styles.search}
        label="Search calls"
        placeholder="Name, phone or campaign"
        value={filters.q}
        onChange={(value) => setFilter('q', value)}
      />
      <Select
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => setFilter('status', (value ?? 'all') as StatusFilter)}
      />
      <Select
        label="Direction"
        options={DIRECTION_OPTIONS}
        value={filters.direction}
        onChange={(value) => setFilter('direction', (value ?? 'all') as DirectionFilter)}
      />
      <Select
        label="Campaign"
        options={campaigns}
        value={filters.campaignId || ALL_CAMPAIGNS}
        onChange={(value) => setFilter('campaignId', !value || value === ALL_CAMPAIGNS ? '' : value)}
      />
      <label className={styles.dateField}>
        <span className={styles.label}>From</span>
        <input
          className={styles.date}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => setFilter('from', event.target.value)}
        />
      </label>
      <label className={styles.dateField}>
        <span className={styles.label}>To</span>
        <input
          className={styles.date}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => setFilter('to', event.target.value)}
        />
      </label>
    </div>
  );
}
