import { AuthMessages, isEmailAddress } from '../auth/messages.js';

/**
 * Spec 1 section 8 (waitlist rows) word for word, plus the duplicate case the spec does not show.
 * Kept apart from the schema so the landing page can show them without loading the schema library.
 */
export const WaitlistMessages = {
  emptyTitle: 'Error',
  empty: 'Please fill out all fields',
  emailInvalid: AuthMessages.emailInvalid,
  failedTitle: 'Submission Failed',
  failed: 'There was an error adding you to the waitlist. Please try again.',
  duplicate: 'This email is already on the waitlist.',
  successTitle: 'Success!',
  success: "You've been added to our waitlist. Check your email for confirmation.",
} as const;

export interface WaitlistForm {
  name?: string;
  email?: string;
  contact?: string;
  campaignInterest?: string;
}

export function waitlistFormError(form: WaitlistForm): string | undefined {
  if (!form.name?.trim() || !form.email?.trim() || !form.contact?.trim() || !form.campaignInterest)
    return WaitlistMessages.empty;
  if (!isEmailAddress(form.email)) return WaitlistMessages.emailInvalid;
  return undefined;
}
