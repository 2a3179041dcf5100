import { Download } from 'lucide-react';
import { useState } from 'react';
import type { WaitlistAdminItem } from '../../../shared/schemas/admin/waitlist.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { downloadFile } from '../../api/download.js';
import { useWaitlist, type ProcessedFilter } from './useWaitlist.js';
import styles from './Admin.module.css';

const FILTERS: { id: ProcessedFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Not processed' },
  { id: 'processed', label: 'Processed' },
  { id: 'early', label: 'Early access' },
];

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

interface WaitlistRowProps {
  entry: WaitlistAdminItem;
  setProcessed: (entry: WaitlistAdminItem, processed: boolean) => Promise<void>;
  grant: (entry: WaitlistAdminItem) => Promise<void>;
}

function WaitlistRow({ entry, setProcessed, grant }: WaitlistRowProps) {
  return (
    <tr>
      <td className={page.num}>{entry.position}</td>
      <td>
        <span className={styles.nameCell}>
          {entry.name}
          {entry.earlyAccess ? <Badge tone="green">Early access</Badge> : null}
        </span>
      </td>
      <td>{entry.email}</td>
      <td>{entry.contact}</td>
      <td>{entry.campaignInterest}</td>
      <td>{formatDate(entry.createdAt)}</td>
      <td>
        <Checkbox
          isSelected={entry.processed}
          onChange={(value) => void setProcessed(entry, value)}
          aria-label={`Processed: ${entry.name}`}
        >
          <span className="visually-hidden">Processed</span>
        </Checkbox>
      </td>
      <td>
        {entry.accessGranted ? (
          <Badge tone="green">Granted</Badge>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onPress={() => void grant(entry)}
            aria-label={`Grant access to ${entry.name}`}
          >
            Grant access
          </Button>
        )}
        {entry.hasAccount ? null : (
          <span className={[page.muted, page.small, styles.block].join(' ')}>No account yet</span>
        )}
      </td>
    </tr>
  );
}

/** The whole waitlist as a CSV file (the filters do not apply). */
function ExportWaitlistButton() {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile('/api/admin/waitlist/export.csv', 'waitlist.csv', { failureTitle: 'Export failed' });
    } catch {
      // downloadFile showed why.
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting}>
      <Download size={16} aria-hidden="true" /> {exporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
