import { useId, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { CloseLeadBody, DealMessages } from '../../../shared/schemas/deals/close.js';
import type { LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { dollarsToCents } from '../../../shared/money.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import fieldStyles from '../../ui/Field.module.css';
import { TextField } from '../../ui/TextField.js';
import { toast } from '../../ui/toast.js';
import { rememberClosedDeal } from '../community/public.js';
import { formatCents } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { dealSplit, type SplitLine } from './deal-view.js';

const parseDollars = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/[$,\s]/g, '')));

function SplitTable({ lines, label }: { lines: SplitLine[]; label: string }) {
  return (
    <table className={page.table} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Agent</th>
          <th scope="col">Share</th>
          <th scope="col" className={page.num}>
            Commission
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.role}>
            <td>{line.name}</td>
            <td>
              {line.role} {line.percent}%
            </td>
            <td className={page.num}>{formatCents(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Who opened the lead: the closer themself (full stack) or another member of the campaign; fixed for a transferred
 * lead, whose opener is the agent who handed the call over.
 */
function OpenerField({
  view,
  closerName,
  openerId,
  onChange,
}: {
  view: LeadDealView;
  closerName: string;
  openerId: string;
  onChange: (openerId: string) => void;
}) {
  const openerField = useId();
  const fixedOpener = view.transferOpener;
  return (
    <div className={[fieldStyles.field, page.small].join(' ')}>
      <label htmlFor={openerField} className={fieldStyles.label}>
        Opened by
      </label>
      <select
        id={openerField}
        className={styles.statusSelect}
        value={openerId}
        disabled={Boolean(fixedOpener)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{closerName} (opened and closed it)</option>
        {fixedOpener && !view.openers.some((person) => person.id === fixedOpener.id) ? (
          <option value={fixedOpener.id}>{fixedOpener.name}</option>
        ) : null}
        {view.openers.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Closing a deal: its value, who opened the lead (another member of the campaign, or nobody: full stack) and the
 * split the ledger will write, shown again in a confirmation before anything is recorded.
 */
export function CloseDealForm({ lead, view, onClosed }: { lead: LeadItem; view: LeadDealView; onClosed: () => void }) {
  const [value, setValue] = useState('');
  // A transferred lead's opener is the agent who handed the call over: shown, not chosen (the server holds to it).
  const fixedOpener = view.transferOpener;
  const [openerId, setOpenerId] = useState(fixedOpener?.id ?? '');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const dollars = parseDollars(value);
  const split = dealSplit(view, dollars, openerId);
  const body: CloseLeadBody = { dealValue: dollars, ...(openerId ? { openerId } : {}) };
  const problemOf = (typed: string) => {
    const amount = parseDollars(typed);
    return Number.isFinite(amount)
      ? schemaError(CloseLeadBody, { ...body, dealValue: amount })
      : DealMessages.dealValueInvalid;
  };
  // The message goes as soon as the typed value is a valid one, not at the next submit.
  const type = (typed: string) => {
    setValue(typed);
    if (error && !problemOf(typed)) setError(undefined);
  };

  function review(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf(value);
    setError(problem);
    if (!problem) setConfirming(true);
  }

  async function close() {
    setBusy(true);
    try {
      const deal = await api(`/api/leads/${lead.id}/close`, { body });
      toast({
        title: DealMessages.closedTitle,
        description: `${lead.name}: ${formatCents(deal.value)}`,
        variant: 'success',
      });
      rememberClosedDeal(deal);
      setConfirming(false);
      setValue('');
      onClosed();
    } catch {
      // api() showed the server's message.
    } finally {
      setBusy(false);
    }
  }

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
        {split.length > 0 ? <SplitTable lines={split} label="Commission split" /> : null}
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
          <SplitTable lines={split} label="Commission split to confirm" />
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
