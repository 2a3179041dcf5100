import { Banknote, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type {
  AdminPayoutItem,
  AdminPayoutList,
  AdminPayoutStatus,
} from '../../../shared/schemas/commissions/admin-payouts.js';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterGroup } from '../../ui/FilterGroup.js';
import { toast } from '../../ui/toast.js';
import { formatCents, formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { AdminOnly } from './AdminOnly.js';

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function PayoutsAdmin() {
  const [status, setStatus] = useState<AdminPayoutStatus>('pending');
  const { data, failed, retry: reload, setData } = useApiQuery(`/api/admin/payouts?status=${status}`, { quiet: true });
  // The last answer stays while another status loads; it is shown only for its own status.
  const list = data?.status === status ? data : null;
  const [running, setRunning] = useState(false);
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

  async function run() {
    setRunning(true);
    try {
      const result = await api('/api/admin/payouts/run', { method: 'POST' });
      const carried = result.carried > 0 ? `; ${plural(result.carried, 'balance')} carried to the next run` : '';
      toast({
        title: 'Payout run completed',
        description: `${plural(result.payouts, 'payout')} for ${formatCents(result.total)}, ${plural(result.approved, 'commission')} approved${carried}.`,
        variant: 'success',
      });
      reload();
    } catch {
      // The API client showed why.
    } finally {
      setRunning(false);
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
        <EmptyState title="The payouts could not be loaded.">
          <Button variant="ghost" size="sm" onPress={reload}>
            Try again
          </Button>
        </EmptyState>
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

function PayoutTotals({ totals }: { totals: AdminPayoutList['totals'] }) {
  return (
    <section className={page.stats} aria-label="Payout totals">
      <div className={[page.card, page.stat].join(' ')}>
        <span className={page.statLabel}>Ready to pay</span>
        <span className={page.statValue}>{formatCents(totals.approved)}</span>
      </div>
      <div className={[page.card, page.stat].join(' ')}>
        <span className={page.statLabel}>On hold</span>
        <span className={page.statValue}>{formatCents(totals.held)}</span>
      </div>
      <div className={[page.card, page.stat].join(' ')}>
        <span className={page.statLabel}>Paid</span>
        <span className={page.statValue}>{formatCents(totals.paid)}</span>
      </div>
    </section>
  );
}

/** Pending payouts (what the next run pays, and what is still on hold) or completed ones, an agent and campaign a row. */
function PayoutsTable({ status, items }: { status: AdminPayoutStatus; items: AdminPayoutItem[] }) {
  return (
    <div
      className={[page.card, page.tableWrap].join(' ')}
      tabIndex={0}
      role="region"
      aria-label={`${status === 'pending' ? 'Pending' : 'Completed'} payouts`}
    >
      <table className={page.table} data-testid="admin-payouts-table">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Campaign</th>
            <th scope="col">{status === 'pending' ? 'Released by' : 'Paid'}</th>
            <th scope="col">Lines</th>
            <th scope="col">Status</th>
            {status === 'pending' ? (
              <th scope="col" className={page.num}>
                On hold
              </th>
            ) : null}
            <th scope="col" className={page.num}>
              {status === 'pending' ? 'Ready to pay' : 'Amount'}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                {item.user.name}
                <div className={[page.muted, page.small].join(' ')}>{item.user.email}</div>
              </td>
              <td>{item.campaign}</td>
              <td>{formatDate(item.date)}</td>
              <td>
                {plural(item.lineCount - item.clawbackCount, 'commission')}
                {item.clawbackCount > 0 ? `, ${plural(item.clawbackCount, 'clawback')}` : ''}
              </td>
              <td>
                <Badge tone={item.status === 'completed' ? 'green' : 'yellow'}>
                  {item.status === 'completed' ? 'Completed' : 'Pending'}
                </Badge>
              </td>
              {status === 'pending' ? <td className={page.num}>{formatCents(item.held)}</td> : null}
              <td className={page.num}>{formatCents(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
