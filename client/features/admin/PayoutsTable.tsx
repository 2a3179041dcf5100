import type {
  AdminPayoutItem,
  AdminPayoutList,
  AdminPayoutStatus,
} from '../../../shared/schemas/commissions/admin-payouts.js';
import { Badge } from '../../ui/Badge.js';
import { formatCents, formatDate, plural } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { StatCard } from '../../ui/StatCard.js';

/** What approved commissions are ready for the next run, what is held, and what runs have paid. */
export function PayoutTotals({ totals }: { totals: AdminPayoutList['totals'] }) {
  return (
    <section className={page.stats} aria-label="Payout totals">
      <StatCard label="Ready to pay" value={formatCents(totals.approved)} />
      <StatCard label="On hold" value={formatCents(totals.held)} />
      <StatCard label="Paid" value={formatCents(totals.paid)} />
    </section>
  );
}

/** Pending payouts (what the next run pays, and what is still on hold) or completed ones, an agent and campaign a row. */
export function PayoutsTable({ status, items }: { status: AdminPayoutStatus; items: AdminPayoutItem[] }) {
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
