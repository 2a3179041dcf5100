import { errorToast, toast } from './toast.js';

/** Copies `text`; the spec's confirmation on success, its 'Failed to copy to clipboard' otherwise. */
export async function copyText(text: string, confirmation: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: confirmation, variant: 'success' });
    return true;
  } catch {
    errorToast('Failed to copy to clipboard');
    return false;
  }
}
