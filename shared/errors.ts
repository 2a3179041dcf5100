/**
 * Error codes every layer agrees on. The HTTP body of an error is `{ error, title?, code }`,
 * where `error` is the catalogue text shown to the user word for word.
 */
export const ErrorCodes = {
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'UNAVAILABLE',
  /** Shed before any work was done (the node is over capacity): any request may be sent again after `Retry-After`. */
  overloaded: 'OVERLOADED',
  internal: 'INTERNAL',
} as const;

/** The 503 a node answers while it sheds load (server/platform/load-shedding.ts). */
export const OVERLOADED_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * What exactly went wrong, where a client acts on it (the dialer clears the number after a failed call, reloads
 * the queue after a lost race). The text stays the user's, word for word and with the phone provider's name in
 * it; clients and services decide on the reason, never by comparing texts.
 */
export const ErrorReasons = {
  /** "Call failed to connect": the provider could not place the call. */
  callFailed: 'CALL_FAILED',
  /** "Failed to connect to Zoom Phone services". */
  phoneInitFailed: 'PHONE_INIT_FAILED',
  /** "Failed to end call properly": the call was ended on the server anyway. */
  callEndFailed: 'CALL_END_FAILED',
  /** "Failed to change mute state". */
  callMuteFailed: 'CALL_MUTE_FAILED',
  /** "Failed to change hold state". */
  callHoldFailed: 'CALL_HOLD_FAILED',
  /** "Failed to send the keypad keys". */
  callKeysFailed: 'CALL_KEYS_FAILED',
  /** "Zoom Phone not connected". */
  phoneNotConnected: 'PHONE_NOT_CONNECTED',
  /** "Call already in progress". */
  callInProgress: 'CALL_IN_PROGRESS',
  /** "Please enter a phone number". */
  blankNumber: 'BLANK_NUMBER',
  /** The call queue changed since the version the edit was made from. */
  queueChanged: 'QUEUE_CHANGED',
  /** Transfers (shared/schemas/dialer/transfer.ts, TransferMessages): why an offer, an answer or a completion was refused. */
  transferCloserUnavailable: 'TRANSFER_CLOSER_UNAVAILABLE',
  transferNotCampaignCloser: 'TRANSFER_NOT_CAMPAIGN_CLOSER',
  transferNoLead: 'TRANSFER_NO_LEAD',
  transferNotConnected: 'TRANSFER_NOT_CONNECTED',
  transferAlreadyOffered: 'TRANSFER_ALREADY_OFFERED',
  transferToSelf: 'TRANSFER_TO_SELF',
  transferNotYours: 'TRANSFER_NOT_YOURS',
  transferGone: 'TRANSFER_GONE',
  transferNotConference: 'TRANSFER_NOT_CONFERENCE',
  transferPhoneNotReady: 'TRANSFER_PHONE_NOT_READY',
  transferUnsupported: 'TRANSFER_UNSUPPORTED',
  /**
   * A closing desk (shared/schemas/campaigns/closing-desks.ts): not the campaign's, it did not answer, or it hung up
   * before the transfer was complete.
   */
  transferUnknownDesk: 'TRANSFER_UNKNOWN_DESK',
  transferDeskNotReached: 'TRANSFER_DESK_NOT_REACHED',
  transferDeskHungUp: 'TRANSFER_DESK_HUNG_UP',
  /** Leads calling in (shared/schemas/dialer/inbound.ts, InboundMessages): why an answer was refused. */
  inboundGone: 'INBOUND_GONE',
  inboundPhoneNotReady: 'INBOUND_PHONE_NOT_READY',
  inboundUnsupported: 'INBOUND_UNSUPPORTED',
} as const;

export type ErrorReason = (typeof ErrorReasons)[keyof typeof ErrorReasons];

export interface ApiErrorBody {
  error: string;
  title?: string;
  code: ErrorCode;
  /** What exactly went wrong, where a client acts on it. */
  reason?: ErrorReason;
  /** Seconds until the caller may try again (429 and 503 answers). */
  retryAfter?: number;
}
