import { Type, type Static } from 'typebox';

/**
 * Live transfer of a connected call from the agent on it (the opener) to another agent of the lead's campaign (the
 * closer): docs/telephony.md, "Transfers", and docs/commissions.md, "Credit follows a transfer".
 */

/** How long the closer's panel rings before the offer lapses and the opener is told. */
export const TRANSFER_RING_MS = 20_000;
/** What the opener may write for the closer (shown on the ringing card). */
export const TRANSFER_NOTE_MAX = 500;

export const TRANSFER_MODES = ['warm', 'blind'] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number];

/**
 * pending: the closer's panel rings; conference (warm): the closer accepted and the three talk; completed: the call
 * is the closer's; declined / expired (20 s) / cancelled (the call ended or the opener withdrew): the lead stayed with
 * the opener.
 */
export const TRANSFER_STATES = ['pending', 'conference', 'completed', 'declined', 'expired', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export const TransferMessages = {
  closerUnavailable: 'That closer is no longer available: pick another.',
  notCampaignCloser: "Transfers go to an agent of the lead's campaign.",
  noLead: 'Only a call to a campaign lead can be transferred.',
  notConnected: 'Only a connected call can be transferred.',
  alreadyOffered: 'This call already has a transfer under way.',
  selfTransfer: 'You are already on this call.',
  notYourOffer: 'This transfer was not offered to you.',
  offerGone: 'This transfer is no longer waiting for you.',
  notOpener: 'Only the agent who offered the transfer can do this.',
  notConference: 'Complete the transfer once the closer has joined the call.',
  phoneNotReady: 'Your phone is not ready to take the call: reload the page and try again.',
  unsupported: 'This phone service cannot transfer calls.',
  transferNotFound: 'Transfer not found.',
  /** Toasts and status lines (the panel shows them). */
  ringing: (closer: string) => `Ringing ${closer}...`,
  declined: (closer: string) => `${closer} declined the transfer. The lead is still with you.`,
  expired: (closer: string) => `${closer} did not answer the transfer. The lead is still with you.`,
  conference: (closer: string) => `${closer} joined the call. Click "Complete transfer" to leave them with the lead.`,
  completed: (closer: string) => `Call transferred to ${closer}.`,
  handedToYou: (opener: string) => `${opener} transferred the call to you.`,
  history: (opener: string, closer: string, mode: TransferMode) =>
    `Call transferred (${mode}) from ${opener} to ${closer}`,
} as const;

export const TransferIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
export type TransferIdParams = Static<typeof TransferIdParams>;

/** `POST /api/dialer/calls/:id/transfer`: ring the chosen closer. */
export const OfferTransferBody = Type.Object(
  {
    closerId: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: 'Pick a closer to transfer to.' }),
    mode: Type.Enum(TRANSFER_MODES, { errorMessage: 'The transfer is either warm or blind.' }),
    note: Type.Optional(Type.String({ maxLength: TRANSFER_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type OfferTransferBody = Static<typeof OfferTransferBody>;

/** One agent who could take the call now (online, phone connected, not on a call). */
export const AvailableCloser = Type.Object({ id: Type.String(), name: Type.String() });
export type AvailableCloser = Static<typeof AvailableCloser>;

/** `GET /api/dialer/calls/:id/transfer/closers`. */
export const AvailableClosers = Type.Object({
  campaignId: Type.String(),
  closers: Type.Array(AvailableCloser),
  /** The campaign's closing desks (outside numbers its owner set), by name: docs/telephony.md. */
  desks: Type.Optional(Type.Array(AvailableCloser)),
});
export type AvailableClosers = Static<typeof AvailableClosers>;

/** A transfer as both panels show it; the closer's ringing card carries the lead's card. */
export const TransferView = Type.Object({
  id: Type.String(),
  callId: Type.String(),
  mode: Type.Enum(TRANSFER_MODES),
  state: Type.Enum(TRANSFER_STATES),
  opener: AvailableCloser,
  closer: AvailableCloser,
  note: Type.String(),
  lead: Type.Object({
    id: Type.String(),
    name: Type.String(),
    phone: Type.String(),
    /** The lead's notes so far (the lead record's notes and the opener's notes of this call). */
    notes: Type.String(),
  }),
  offeredAt: Type.String(),
  /** When the ringing lapses (pending only). */
  expiresAt: Type.String(),
  /** The sentence for this state, for the panel's status line or toast. */
  message: Type.String(),
});
export type TransferView = Static<typeof TransferView>;
