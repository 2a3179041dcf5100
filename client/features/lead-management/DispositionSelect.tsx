import { LEAD_DISPOSITIONS, type LeadDisposition } from '../../../shared/constants.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { LeadMessages } from '../../../shared/schemas/leads/lead.js';
import { LeadUpdateBody } from '../../../shared/schemas/leads/update.js';
import { schemaError } from '../../api/validate.js';
import { errorToast, toast } from '../../ui/toast.js';
import styles from '../../ui/Leads.module.css';
import { updateLead } from '../leads/public.js';

/** Persists a new disposition and says so with the spec's toast; the server answer updates every list. */
export async function changeDisposition(lead: Pick<LeadItem, 'id'>, disposition: LeadDisposition): Promise<void> {
  const body = { disposition };
  const problem = schemaError(LeadUpdateBody, body);
  if (problem) {
    errorToast('Error', problem);
    return;
  }
  try {
    await updateLead(lead.id, body);
    toast({
      title: LeadMessages.statusUpdatedTitle,
      description: LeadMessages.statusUpdated(disposition),
      variant: 'success',
    });
  } catch {
    // api() already showed the server's message.
  }
}

/** The lead's status as a select that saves on change (the table row and the lead panel). */
export function DispositionSelect({
  lead,
  'aria-label': ariaLabel,
}: {
  lead: Pick<LeadItem, 'id' | 'disposition'>;
  'aria-label'?: string;
}) {
  return (
    <select
      className={styles.statusSelect}
      aria-label={ariaLabel}
      value={lead.disposition}
      onChange={(event) => void changeDisposition(lead, event.target.value as LeadDisposition)}
    >
      {LEAD_DISPOSITIONS.map((disposition) => (
        <option key={disposition} value={disposition}>
          {disposition}
        </option>
      ))}
    </select>
  );
}
