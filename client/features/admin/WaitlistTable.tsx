import { Download } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { WaitlistAdminItem } from '../../../shared/schemas/admin/waitlist.js';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { toast } from '../../ui/toast.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { downloadFile } from '../../api/download.js';
import styles from './Admin.module.css';

type ProcessedFilter = 'all' | 'pending' | 'processed' | 'early';
const FILTERS: { id: ProcessedFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Not processed' },
  { id: 'processed', label: 'Processed' },
  { id: 'early', label: 'Early access' },
];
const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 250;

function queryFor(q: string, filter: ProcessedFilter, cursor?: number) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (filter === 'pending' || filter === 'processed') params.set('processed', String(filter === 'processed'));
  if (filter === 'early') params.set('earlyAccess', 'true');
  if (cursor !== undefined) params.set('cursor', String(cursor));
  return `/api/admin/waitlist?${params}` as const;
}

export function WaitlistTable() {
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<ProcessedFilter>('all');
  const [exporting, setExporting] = useState(false);

  const { data, loading, failed, retry, setData } = useApiQuery(queryFor(q, filter), {
    debounceMs: q ? SEARCH_DEBOUNCE_MS : 0,
  });
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const nextCursor = data?.nextCursor ?? null;

  async function loadMore() {
    if (nextCursor === null) return;
    const list = await api(queryFor(q, filter, nextCursor)).catch(() => null);
    if (!list) return;
    setData(
      (current) =>
        current && {
          ...current,
          items: [
            ...current.items,
            ...list.items.filter((item) => !current.items.some((known) => known.id === item.id)),
          ],
          nextCursor: list.nextCursor,
        },
    );
  }

  const replace = useCallback(
    (entry: WaitlistAdminItem) =>
      setData((list) => list && { ...list, items: list.items.map((item) => (item.id === entry.id ? entry : item)) }),
    [setData],
  );

  async function setProcessed(entry: WaitlistAdminItem, processed: boolean) {
    replace({ ...entry, processed });
    try {
      replace(await api(`/api/admin/waitlist/${entry.id}`, { method: 'PATCH', body: { processed } }));
    } catch {
      replace(entry);
    }
  }

  async function grant(entry: WaitlistAdminItem) {
    try {
      const answer = await api(`/api/admin/waitlist/${entry.id}/grant`, { method: 'POST' });
      replace(answer.entry);
      toast({
        title: 'Access granted',
        description: answer.accountUpdated
          ? `${entry.email} can use the dashboard now.`
          : `${entry.email} will have access when they sign up.`,
        variant: 'success',
      });
    } catch {
      // The API client showed why.
    }
  }

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
    <section className={page.card} aria-labelledby="waitlist-entries-title">
      <div className={page.cardHead}>
        <h2 id="waitlist-entries-title" className={page.cardTitle}>
          Waitlist entries <Badge>{total.toLocaleString('en-US')}</Badge>
        </h2>
        <Button variant="secondary" onPress={() => void exportCsv()} isDisabled={exporting}>
          <Download size={16} aria-hidden="true" /> {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
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
                <tr key={entry.id}>
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
