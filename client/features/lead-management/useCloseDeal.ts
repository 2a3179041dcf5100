import { useState, type FormEvent } from 'react';
import { CloseLeadBody, DealMessages } from '../../../shared/schemas/deals/close.js';
import type { LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { toast } from '../../ui/toast.js';
import { formatCents } from '../../ui/format.js';
import { rememberClosedDeal } from '../community/public.js';
import { dealSplit } from './deal-view.js';

const parseDollars = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/[$,\s]/g, '')));

/** The close-a-deal form's state: the typed value checked as the server checks it, the opener, the split it makes,
 * the confirmation step and the close itself. */
export function useCloseDeal(lead: LeadItem, view: LeadDealView, onClosed: () => void) {
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

  return { value, type, openerId, setOpenerId, dollars, split, error, review, confirming, setConfirming, busy, close };
}
