import { errorToast, toast } from './toast.js';

/**
 * Copies `text`; the spec's confirmation on success, its 'Failed to copy to clipboard' otherwise. The spec's
 * confirmation is an alert (a blocking dialog); here it is a toast announced politely (role=status), so it neither
 * blocks the page nor interrupts the screen reader (docs/product.md, deviations).
 */
export async function copyText(text: string, confirmation: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: confirmation, variant: 'success', announce: 'status' });
    return true;
  } catch {
    errorToast('Failed to copy to clipboard');
    return false;
  }
}
