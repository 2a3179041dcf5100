import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { Type, type Static } from 'typebox';

/**
 * An owner's own closing desks (issue 30): outside numbers an opener may transfer a campaign's lead to, warm or blind
 * (docs/telephony.md, "Transfer to a closing desk"). Only the campaign's owner and admins see and set them; agents
 * see their names in the Transfer menu.
 */
export const CLOSING_DESKS_MAX = 10;

export const ClosingDeskMessages = {
  badNumber:
    "Enter each closing desk's number as a phone number (e.g. +1 555 010 0005) or a SIP address (sip:desk@pbx.example.com).",
  badName: 'Give each closing desk a name (up to 60 characters).',
  duplicate: 'Each closing desk needs its own name.',
  unknownDesk: "That closing desk is not one of this campaign's.",
  notReached: (desk: string) => `${desk} did not answer. The lead is still with you.`,
  conference: (desk: string) => `${desk} joined the call. Click "Complete transfer" to leave them with the lead.`,
  completed: (desk: string) => `Call transferred to ${desk}.`,
  /** The desk hung up during the warm conference (or just before the hand-over): the opener still has the lead. */
  hungUp: (desk: string) => `${desk} hung up. The lead is still with you.`,
  history: (opener: string, desk: string, mode: string) => `Call transferred (${mode}) from ${opener} to ${desk}`,
} as const;

/** As the owner types it. */
export const ClosingDeskInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60, errorMessage: ClosingDeskMessages.badName }),
    number: Type.String({ minLength: 1, maxLength: 200, errorMessage: ClosingDeskMessages.badNumber }),
  },
  { additionalProperties: false },
);
export type ClosingDeskInput = Static<typeof ClosingDeskInput>;

export const ClosingDesksSchema = Type.Array(ClosingDeskInput, { maxItems: CLOSING_DESKS_MAX });

/** As stored and shown to the owner: `number` is E.164 (+15550100005) or the SIP URI as given. */
export const ClosingDesk = Type.Object({ id: Type.String(), name: Type.String(), number: Type.String() });
export type ClosingDesk = Static<typeof ClosingDesk>;

const SIP_URI = /^sips?:[A-Za-z0-9._~+%!*'()&=$,;?/-]+@[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** The number a desk is dialed at (E.164, or the SIP URI as typed), or null when it is neither. */
export function deskNumber(typed: string): string | null {
  const value = typed.trim();
  if (/^sips?:/i.test(value)) return SIP_URI.test(value) ? value : null;
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  const parsed = parsePhoneNumberFromString(value, 'US');
  return parsed?.isPossible() ? parsed.number : null;
}
