import { Type, type Static } from 'typebox';
import { CAMPAIGN_INTEREST_OPTIONS } from '../../constants.js';
import { AuthMessages, isEmailAddress } from '../auth/messages.js';

/** Spec 1 section 8 (waitlist rows) word for word, plus the duplicate case the spec does not show. */
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

/** `POST /api/waitlist`. */
export const WaitlistJoinBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 1, maxLength: 254 }),
    contact: Type.String({ minLength: 1, maxLength: 100 }),
    campaignInterest: Type.Enum(CAMPAIGN_INTEREST_OPTIONS),
  },
  { errorMessage: WaitlistMessages.empty },
);
export type WaitlistJoinBody = Static<typeof WaitlistJoinBody>;

/** `201`: the place in line; the first 50 get early access. */
export const WaitlistJoined = Type.Object({ position: Type.Integer({ minimum: 1 }), earlyAccess: Type.Boolean() });
export type WaitlistJoined = Static<typeof WaitlistJoined>;

export function waitlistFormError(form: Partial<Record<keyof WaitlistJoinBody, string>>): string | undefined {
  if (!form.name?.trim() || !form.email?.trim() || !form.contact?.trim() || !form.campaignInterest) return WaitlistMessages.empty;
  if (!isEmailAddress(form.email)) return WaitlistMessages.emailInvalid;
  return undefined;
}
