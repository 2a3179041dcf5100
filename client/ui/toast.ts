import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TIMINGS } from '../../shared/constants.js';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastContent {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * 'status': announced politely (role=status) rather than as an alert, for a confirmation of what the user just did
   * that should not interrupt what the screen reader is saying.
   */
  announce?: 'status';
}

/**
 * No `maxVisibleToasts`: with a limit the queue hides a fourth toast's predecessor instead of dropping it and
 * shows it again when a slot frees up, long after its moment (a form already corrected). Every queued toast is
 * visible here, so closing the ones past the newest three really removes them.
 */
export const toastQueue = new ToastQueue<ToastContent>();

/**
 * Shows a toast for 4 s. One per kind: a toast with the title of one on screen replaces it. A fourth closes the
 * oldest so the newest three are what the user sees.
 */
export function toast(content: ToastContent): string {
  for (const same of toastQueue.visibleToasts) if (same.content.title === content.title) toastQueue.close(same.key);
  const key = toastQueue.add(content, { timeout: TIMINGS.toastMs });
  for (const stale of toastQueue.visibleToasts.slice(TIMINGS.maxToasts)) toastQueue.close(stale.key);
  return key;
}

/** Closes the toasts on screen with this title (one that a later turn of events contradicts). */
export function closeToasts(title: string): void {
  for (const shown of toastQueue.visibleToasts) if (shown.content.title === title) toastQueue.close(shown.key);
}

export const errorToast = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' });
