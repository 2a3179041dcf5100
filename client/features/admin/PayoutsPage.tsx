import { Banknote, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { AdminPayoutStatus } from '../../../shared/schemas/commissions/admin-payouts.js';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import page from '../../ui/Page.module.css';
import { AdminOnly } from './AdminOnly.js';
import { PayoutTotals, PayoutsTable } from './PayoutsTable.js';
import { usePayoutRun } from './usePayoutRun.js';

const STATUSES: { id: AdminPayoutStatus; label: string }[] = [
  { id: 'pending', label: 'Pending' },
  { id: 'completed', label: 'Completed' },
];

export default function PayoutsPage() {
  return (
    <AdminOnly title="Payouts">
      <PayoutsAdmin />
    </AdminOnly>
  );
}

function PayoutsAdmin() {
  const [status, setStatus] = useState<AdminPayoutStatus>('pending');
  const { data, failed, retry: reload, setData } = useApiQuery(`/api/admin/payouts?status=${status}`, { quiet: true });
  // The last answer stays while another status loads; it is shown only for its own status.
  const list = data?.status === status ? data : null;
  const { running, run } = usePayoutRun(reload);
  const [loadingMore, setLoadingMore] = useState(false);

  async function loadMore() {
    if (!list?.nextCursor) return;
    setLoadingMore(true);
    try {
      const next = await api(`/api/admin/payouts?status=${list.status}&cursor=${list.nextCursor}`);
      setData({ ...next, items: [...list.items, ...next.items] });
    } catch {
      // The API client showed why.
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section className={page.page} aria-labelledby="payouts-admin-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="payouts-admin-title" className={page.title}>
            Payouts
          </h1>
          <p className={page.subtitle}>
            Approved commissions waiting for the next payout run, and the payouts runs have made.
          </p>
        </div>
        <div className={page.row}>
          <Button variant="secondary" onPress={reload}>
            <RefreshCw size={16} aria-hidden="true" /> Refresh
          </Button>
          <Button onPress={() => void run()} isDisabled={running}>
            <Banknote size={16} aria-hidden="true" /> {running ? 'Running...' : 'Run payouts'}
          </Button>
        </div>
      </div>
      {list ? <PayoutTotals totals={list.totals} /> : null}
      <FilterGroup label="Payout status" options={STATUSES} value={status} onChange={setStatus} />
      {failed && !list ? (
        <LoadFailed title="The payouts could not be loaded." onRetry={reload} />
      ) : !list ? (
        <p className={page.muted}>Loading...</p>
      ) : list.items.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'Nothing is waiting to be paid.' : 'No Payouts Yet'} />
      ) : (
        <PayoutsTable status={status} items={list.items} />
      )}
      {list?.nextCursor ? (
        <Button variant="ghost" size="sm" isDisabled={loadingMore} onPress={() => void loadMore()}>
          {loadingMore ? 'Loading...' : 'Show older payouts'}
        </Button>
      ) : null}
    </section>
  );
}
