import { Type, type Static } from 'typebox';
import { dialerMessages } from './messages.js';
import { CallQualitySummary } from './quality.js';
import { DIAL_RESULT_VALUES, SipCause } from './dial-result.js';

const blank = dialerMessages('Zoom Phone').blankNumber;

export const CALL_STATE_VALUES = ['calling', 'connected', 'ending', 'ended', 'idle'] as const;
export const CALL_STATUS_VALUES = ['answered', 'missed', 'voicemail'] as const;

/** One call as the dialer and Call History show it. Durations are whole seconds. */
export const CallView = Type.Object({
  id: Type.String(),
  agentId: Type.String(),
  agentName: Type.Optional(Type.String()),
  leadId: Type.Optional(Type.String()),
  name: Type.String(),
  phone: Type.String(),
  campaignId: Type.Optional(Type.String()),
  campaignName: Type.Optional(Type.String()),
  direction: Type.Union([Type.Literal('outbound'), Type.Literal('inbound')]),
  state: Type.Enum(CALL_STATE_VALUES),
  status: Type.Optional(Type.Enum(CALL_STATUS_VALUES)),
  muted: Type.Boolean(),
  /** On hold: the lead hears the hold tone and the agent does not hear the lead. */
  held: Type.Boolean(),
  notes: Type.String(),
  startedAt: Type.String(),
  connectedAt: Type.Optional(Type.String()),
  endedAt: Type.Optional(Type.String()),
  duration: Type.Integer({ minimum: 0 }),
  recordingUrl: Type.Optional(Type.String()),
  /** Not recorded by the campaign's consent setting: the lead's state needs every party's consent (Call History says so). */
  recordingOff: Type.Optional(Type.Object({ reason: Type.Literal('consent-state'), state: Type.String() })),
  /** True while the call is being recorded (the dialer panel says so); absent otherwise. */
  recording: Type.Optional(Type.Literal(true)),
  /** Keys the lead pressed on their phone during the call (e.g. "9*4"), in order; absent when none. */
  leadKeys: Type.Optional(Type.String({ pattern: '^[0-9*#]+$' })),
  autoDialed: Type.Boolean(),
  /**
   * While calling, the far end rings: `early-media` when the carrier sends its own ringback (the tab plays that audio),
   * `local` when it does not (the tab plays a ringback tone itself). Absent before the first ring.
   */
  ringing: Type.Optional(Type.Union([Type.Literal('early-media'), Type.Literal('local')])),
  /** A call that never connected: why (shown instead of a bare "Missed"). */
  dialResult: Type.Optional(Type.Enum(DIAL_RESULT_VALUES)),
  /** The carrier's final SIP answer of such a call. */
  sipCause: Type.Optional(SipCause),
  /** The call document's version: +1 on every write, so a tab can tell an older view of the call from a newer one. */
  version: Type.Integer({ minimum: 0 }),
  /** WebRTC calls: what the agent's browser measured (RTT, jitter, loss, estimated MOS); absent without samples. */
  quality: Type.Optional(CallQualitySummary),
  timeline: Type.Array(
    Type.Object({ state: Type.Enum(CALL_STATE_VALUES), at: Type.String(), reason: Type.Optional(Type.String()) }),
  ),
  /** Who ended the call (server/platform/telephony/phone-provider.ts `CallEnder`), once ended. */
  endedBy: Type.Optional(Type.Enum(['agent', 'lead', 'timeout', 'agent-lost', 'gateway-failure'] as const)),
  /** The final SIP status of the lead's leg, where the server placed it (the room model). */
  sipStatus: Type.Optional(Type.Integer()),
});
export type CallView = Static<typeof CallView>;

/** `POST /api/dialer/calls`. */
export const StartCallBody = Type.Object({
  phone: Type.String({ maxLength: 40, errorMessage: blank }),
  leadId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })),
  name: Type.Optional(Type.String({ maxLength: 120 })),
});
export type StartCallBody = Static<typeof StartCallBody>;

/** Any text: an id that names no call is answered 404 "Call not found." by the service, as for a call that is gone. */
export const CallIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type CallIdParams = Static<typeof CallIdParams>;

/** `POST /api/dialer/calls/:id/mute`. */
export const MuteCallBody = Type.Object({ muted: Type.Boolean() });
export type MuteCallBody = Static<typeof MuteCallBody>;

/** `POST /api/dialer/calls/:id/hold`: true puts the call on hold, false resumes it. */
const holdOrResume = 'Say whether to hold or resume the call.';
export const HoldCallBody = Type.Object(
  { held: Type.Boolean({ errorMessage: holdOrResume }) },
  { errorMessage: holdOrResume },
);
export type HoldCallBody = Static<typeof HoldCallBody>;

/** `POST /api/dialer/calls/:id/digits`: keypad keys for the lead, in order. */
const keysAllowed = 'Keys must be 1 to 32 of 0-9, * and #.';
export const CallDigitsBody = Type.Object(
  { digits: Type.String({ pattern: '^[0-9*#]{1,32}$', errorMessage: keysAllowed }) },
  { errorMessage: keysAllowed },
);
export type CallDigitsBody = Static<typeof CallDigitsBody>;

/** `PATCH /api/dialer/calls/:id`: notes while in call and after it. */
export const CallNotesBody = Type.Object({ notes: Type.String({ maxLength: 5_000 }) });
export type CallNotesBody = Static<typeof CallNotesBody>;
