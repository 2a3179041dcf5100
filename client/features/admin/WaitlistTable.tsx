import { useState } from 'react';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import page from '../../ui/Page.module.css';
import { ExportWaitlistButton } from './ExportWaitlistButton.js';
import { useWaitlist, type ProcessedFilter } from './useWaitlist.js';
import { WaitlistRow } from './WaitlistRow.js';
import styles from './Admin.module.css';

const FILTERS: { id: ProcessedFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Not processed' },
  { id: 'processed', label: 'Processed' },
  { id: 'early', label: 'Early access' },
];

/** The waitlist entries by position: search, status filter, processed and access per entry, Load more. */
export function WaitlistTable() {
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<ProcessedFilter>('all');

  const { items, total, nextCursor, loading, failed, retry, loadMore, setProcessed, grant } = useWaitlist(q, filter);

  return (
    <section className={page.card} aria-labelledby="waitlist-entries-title">
      <div className={page.cardHead}>
        <h2 id="waitlist-entries-title" className={page.cardTitle}>
          Waitlist entries <Badge>{total.toLocaleString('en-US')}</Badge>
        </h2>
        <ExportWaitlistButton />
      </div>
      <FilterBar className={styles.filters}>
        <SearchInput
          label="Search the waitlist"
          hideLabel
          placeholder="Search name, email, contact..."
          value={q}
          onChange={setQ}
          className={styles.search}
        />
        <FilterGroup label="Entry status" options={FILTERS} value={filter} onChange={setFilter} />
      </FilterBar>
      {failed ? (
        <LoadFailed title="The waitlist could not be loaded." onRetry={retry} />
      ) : !loading && items.length === 0 ? (
        <EmptyState title="No waitlist entries found" />
      ) : (
        <div className={page.tableWrap} aria-busy={loading}>
          <table className={page.table}>
            <caption className="visually-hidden">Waitlist entries by position</caption>
            <thead>
              <tr>
                <th scope="col" className={page.num}>
                  #
                </th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Contact</th>
                <th scope="col">Interest</th>
                <th scope="col">Joined</th>
                <th scope="col">Processed</th>
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <WaitlistRow key={entry.id} entry={entry} setProcessed={setProcessed} grant={grant} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor !== null && !failed ? (
        <div className={styles.more}>
          <Button variant="ghost" size="sm" onPress={() => void loadMore()}>
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
