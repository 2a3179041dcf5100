import { HelpCircle } from 'lucide-react';
import { useState } from 'react';
import type { CommissionLine, PayoutsResponse } from '../../../shared/schemas/commissions/ledger.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ShareWinButton } from '../community/public.js';
import { formatCents, formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { loadMorePayouts } from './store.js';
import styles from './Bonsai.module.css';

const STATUS_TONES: Record<CommissionLine['status'], BadgeTone> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'green',
  void: 'grey',
};
const KIND_LABELS: Record<CommissionLine['kind'], string> = {
  opener: 'Opener',
  closer: 'Closer',
  fullStack: 'Full stack',
  override: 'Override',
  clawback: 'Clawback',
};

function kindLabel(line: Pick<CommissionLine, 'kind' | 'level'>): string {
  return line.kind === 'override' ? `Override level ${line.level}` : KIND_LABELS[line.kind];
}

/** "Why this amount?": what the line was computed from, in full. */
function WhyDialog({ line, onClose }: { line: CommissionLine | null; onClose: () => void }) {
  return (
    <Dialog title="Why this amount?" isOpen={line !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {line ? (
        <div className={page.stack}>
          <p className={styles.whyText}>{line.why.text}</p>
          <dl className={styles.whyFacts}>
            <dt>Amount</dt>
            <dd>{formatCents(line.amount)}</dd>
            <dt>Rule</dt>
            <dd>{line.why.rule}</dd>
            <dt>Percentage</dt>
            <dd>{line.why.percent}%</dd>
            <dt>Applied to</dt>
            <dd>
              {formatCents(line.why.basis)}{' '}
              {line.kind === 'override' ? `(${line.why.sourceUserName}'s commission)` : '(the deal value)'}
            </dd>
            <dt>Deal</dt>
            <dd>
              {formatCents(line.why.dealValue)} with {line.why.leadName}
            </dd>
            <dt>Campaign</dt>
            <dd>{line.why.campaignName}</dd>
            <dt>Level</dt>
            <dd>{line.why.level === 0 ? 'Your own production' : `Level ${line.why.level} of your Bonsai`}</dd>
            <dt>Whose production</dt>
            <dd>{line.why.sourceUserName}</dd>
            <dt>Status</dt>
            <dd>
              {line.status}
              {line.status === 'pending' ? ` until ${formatDate(line.holdUntil)}` : ''}
              {line.paidAt ? `, paid ${formatDate(line.paidAt)}` : ''}
            </dd>
          </dl>
        </div>
      ) : null}
    </Dialog>
  );
}

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

export function PayoutsHistory({ payouts }: { payouts: PayoutsResponse }) {
  const [why, setWhy] = useState<CommissionLine | null>(null);
  return (
    <div className={page.stack}>
      <section className={page.stats} aria-label="Commission totals">
        <div className={[page.card, page.stat].join(' ')}>
          <span className={page.statLabel}>Pending</span>
          <span className={page.statValue}>{formatCents(payouts.totals.pending)}</span>
        </div>
        <div className={[page.card, page.stat].join(' ')}>
          <span className={page.statLabel}>Approved</span>
          <span className={page.statValue}>{formatCents(payouts.totals.approved)}</span>
          {payouts.totals.approved < 0 ? <ClawbackNote payouts={payouts} onWhy={setWhy} /> : null}
        </div>
        <div className={[page.card, page.stat].join(' ')}>
          <span className={page.statLabel}>Paid</span>
          <span className={page.statValue}>{formatCents(payouts.totals.paid)}</span>
        </div>
      </section>
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
      <section className={page.card} aria-labelledby="ledger-title">
        <h2 id="ledger-title" className={page.cardTitle}>
          Commission statement
        </h2>
        {payouts.ledger.length === 0 ? (
          <EmptyState title="No commissions yet">
            <span>Close a deal, or let your Bonsai close one, to see its commission lines here.</span>
          </EmptyState>
        ) : (
          <div className={page.tableWrap} tabIndex={0} role="region" aria-label="Commission lines">
            <table className={page.table} data-testid="ledger-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Deal</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={page.num}>
                    Amount
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Explanation</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {payouts.ledger.map((line) => (
                  <tr key={line.id}>
                    <td>{formatDate(line.createdAt)}</td>
                    <td>
                      {line.why.leadName}
                      <div className={[page.muted, page.small].join(' ')}>{line.campaignName}</div>
                    </td>
                    <td>{kindLabel(line)}</td>
                    <td>
                      <Badge tone={STATUS_TONES[line.status]}>{line.status}</Badge>
                    </td>
                    <td className={[page.num, line.amount < 0 ? styles.negative : ''].join(' ')}>
                      {formatCents(line.amount)}
                    </td>
                    <td>
                      <Button
                        variant="ghost"
                        size="sm"
                        onPress={() => setWhy(line)}
                        aria-label={`Why this amount? ${kindLabel(line)}, ${line.why.leadName}, ${formatCents(line.amount)}`}
                      >
                        <HelpCircle size={16} aria-hidden="true" /> Why this amount?
                      </Button>
                      {line.level === 0 && line.kind !== 'clawback' && line.status !== 'void' ? (
                        <ShareWinButton
                          dealId={line.dealId}
                          dealValue={line.why.dealValue}
                          campaignName={line.campaignName}
                        />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {payouts.nextCursor ? (
          <Button variant="ghost" size="sm" onPress={() => void loadMorePayouts().catch(() => undefined)}>
            Show older commissions
          </Button>
        ) : null}
      </section>
      <WhyDialog line={why} onClose={() => setWhy(null)} />
    </div>
  );
}
