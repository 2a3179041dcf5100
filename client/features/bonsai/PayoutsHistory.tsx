import { useState } from 'react';
import type { CommissionLine, PayoutsResponse } from '../../../shared/schemas/commissions/ledger.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { formatCents, formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { StatCard } from '../../ui/StatCard.js';
import { CommissionStatement } from './CommissionStatement.js';
import { WhyDialog } from './WhyDialog.js';

/**
 * A negative approved total is money taken back, not a fault: say so, and open the clawback line's own explanation
 * (the newest approved one in the statement; the statement lists the newest lines first).
 */
function ClawbackNote({ payouts, onWhy }: { payouts: PayoutsResponse; onWhy: (line: CommissionLine) => void }) {
  const clawback = payouts.ledger.find((line) => line.kind === 'clawback' && line.status === 'approved');
  return (
    <span className={[page.muted, page.small].join(' ')} data-testid="clawback-note">
      Below zero because of a clawback: a refunded or cancelled deal takes back a commission already paid, and the next
      payout run deducts it.{' '}
      {clawback ? (
        <Button variant="ghost" size="sm" onPress={() => onWhy(clawback)}>
          Why this amount?
        </Button>
      ) : null}
    </span>
  );
}

/** Pending, approved and paid totals; a negative approved total says why. */
function CommissionTotals({ payouts, onWhy }: { payouts: PayoutsResponse; onWhy: (line: CommissionLine) => void }) {
  return (
    <section className={page.stats} aria-label="Commission totals">
      <StatCard label="Pending" value={formatCents(payouts.totals.pending)} />
      <StatCard label="Approved" value={formatCents(payouts.totals.approved)}>
        {payouts.totals.approved < 0 ? <ClawbackNote payouts={payouts} onWhy={onWhy} /> : null}
      </StatCard>
      <StatCard label="Paid" value={formatCents(payouts.totals.paid)} />
    </section>
  );
}

/** The payout runs that paid (or will pay) the user. */
function PayoutsTable({ payouts }: { payouts: PayoutsResponse }) {
  return (
    <section className={page.card} aria-labelledby="payouts-title">
      <h2 id="payouts-title" className={page.cardTitle}>
        Payouts
      </h2>
      {payouts.payouts.length === 0 ? (
        <EmptyState title="No Payouts Yet" />
      ) : (
        <div className={page.tableWrap} tabIndex={0} role="region" aria-label="Payouts table">
          <table className={page.table} data-testid="payouts-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Campaign</th>
                <th scope="col">Source</th>
                <th scope="col">Status</th>
                <th scope="col" className={page.num}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {payouts.payouts.map((payout) => (
                <tr key={payout.id}>
                  <td>{formatDate(payout.date)}</td>
                  <td>{payout.campaign}</td>
                  <td>{payout.source}</td>
                  <td>
                    <Badge tone={payout.status === 'completed' ? 'green' : 'yellow'}>
                      {payout.status === 'completed' ? 'Completed' : 'Pending'}
                    </Badge>
                  </td>
                  <td className={page.num}>{formatCents(payout.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function PayoutsHistory({ payouts }: { payouts: PayoutsResponse }) {
  const [why, setWhy] = useState<CommissionLine | null>(null);
  return (
    <div className={page.stack}>
      <CommissionTotals payouts={payouts} onWhy={setWhy} />
      <PayoutsTable payouts={payouts} />
      <CommissionStatement payouts={payouts} onWhy={setWhy} />
      <WhyDialog line={why} onClose={() => setWhy(null)} />
    </div>
  );
}
