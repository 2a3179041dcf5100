import { Form } from 'react-aria-components';
import { DealMessages } from '../../../shared/schemas/deals/close.js';
import type { LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { dollarsToCents } from '../../../shared/money.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { TextField } from '../../ui/TextField.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { CommissionSplitTable } from './CommissionSplitTable.js';
import { OpenerField } from './OpenerField.js';
import { useCloseDeal } from './useCloseDeal.js';

/**
 * Closing a deal: its value, who opened the lead (another member of the campaign, or nobody: full stack) and the
 * split the ledger will write, shown again in a confirmation before anything is recorded.
 */
export function CloseDealForm({ lead, view, onClosed }: { lead: LeadItem; view: LeadDealView; onClosed: () => void }) {
  const { value, type, openerId, setOpenerId, dollars, split, error, review, confirming, setConfirming, busy, close } =
    useCloseDeal(lead, view, onClosed);

  if (!view.closer) return <p className={page.muted}>{DealMessages.noCloser}</p>;

  return (
    <>
      <Form className={page.stack} onSubmit={review} aria-label={`Close a deal with ${lead.name}`}>
        <TextField
          label="Deal value (USD)"
          inputMode="decimal"
          value={value}
          onChange={type}
          isInvalid={Boolean(error)}
          validationBehavior="aria"
          description={error ? <span className={page.error}>{error}</span> : undefined}
        />
        <OpenerField view={view} closerName={view.closer.name} openerId={openerId} onChange={setOpenerId} />
        {split.length > 0 ? <CommissionSplitTable lines={split} label="Commission split" /> : null}
        <Button type="submit" size="sm" isDisabled={busy}>
          Close deal
        </Button>
      </Form>
      <Dialog title={`Close the deal with ${lead.name}?`} isOpen={confirming} onOpenChange={setConfirming}>
        <div className={page.stack}>
          <p>
            A {Number.isFinite(dollars) && dollars > 0 ? formatCents(dollarsToCents(dollars)) : ''} deal in{' '}
            {lead.campaignName}.{' '}
            {openerId
              ? 'The commission is split between the opener and the closer:'
              : `${view.closer.name} opened and closed it:`}
          </p>
          <CommissionSplitTable lines={split} label="Commission split to confirm" />
          <p className={[page.small, page.muted].join(' ')}>
            Uplines earn their overrides on these amounts. Commissions stay pending during the campaign&apos;s hold
            window.
          </p>
          <div className={page.row}>
            <Button onPress={() => void close()} isDisabled={busy}>
              {busy ? 'Closing...' : 'Confirm and close'}
            </Button>
            <Button variant="ghost" onPress={() => setConfirming(false)}>
              Back
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
