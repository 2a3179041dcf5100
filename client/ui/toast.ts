import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TIMINGS } from '../../shared/constants.js';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastContent {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: TIMINGS.maxToasts });

/**
 * Shows a toast for 4 s. The queue alone would hold back a fourth toast and show it later, out of context;
 * instead the oldest one is closed so the newest three are what the user sees.
 */
export function toast(content: ToastContent): string {
  const key = toastQueue.add(content, { timeout: TIMINGS.toastMs });
  for (const stale of toastQueue.visibleToasts.slice(TIMINGS.maxToasts)) toastQueue.close(stale.key);
  return key;
}

export const errorToast = (title: string, description?: string) => toast({ title, description, variant: 'destructive' });
