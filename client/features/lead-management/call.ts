import type { LeadItem } from '../../../shared/schemas/leads/lead.js';

/**
 * The phone icon: the lead's number goes into the dialer's number field (the dialer's code is fetched on first use)
 * and the dialer is shown. Should that code not load, the Calls page takes the number as `?phone=`.
 */
export async function callLead(
  lead: Pick<LeadItem, 'id' | 'phone' | 'name'>,
  showDialer: () => void,
  navigate: (to: string) => void,
): Promise<void> {
  if (!lead.phone) return;
  try {
    const { dialNumber } = await import('../dialer/public.js');
    dialNumber(lead.phone, lead.id, lead.name);
    showDialer();
  } catch {
    navigate(`/dashboard/calls?${new URLSearchParams({ phone: lead.phone, leadId: lead.id })}`);
  }
}
