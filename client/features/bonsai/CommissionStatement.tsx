import { HelpCircle } from 'lucide-react';
import type { CommissionLine, PayoutsResponse } from '../../../shared/schemas/commissions/ledger.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
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

interface CommissionStatementProps {
  payouts: PayoutsResponse;
  onWhy: (line: CommissionLine) => void;
}

/** Every commission line, newest first, each with its explanation and (for a deal of one's own) a win to share. */
export function CommissionStatement({ payouts, onWhy }: CommissionStatementProps) {
  return (
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
                      onPress={() => onWhy(line)}
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
  );
}
