import type { CommissionLine } from '../../../shared/schemas/commissions/ledger.js';
import { Dialog } from '../../ui/Dialog.js';
import { formatCents, formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Bonsai.module.css';

/** "Why this amount?": what the line was computed from, in full. */
export function WhyDialog({ line, onClose }: { line: CommissionLine | null; onClose: () => void }) {
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
