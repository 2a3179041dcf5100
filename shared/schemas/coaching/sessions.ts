import { Type, type Static } from 'typebox';

/** Listen: hears both sides, nobody hears the coach. Whisper: the agent hears the coach, the lead does not. Barge: all three talk. */
export const MONITOR_MODES = ['listen', 'whisper', 'barge'] as const;
export type MonitorMode = (typeof MONITOR_MODES)[number];

/** Why the coach may be on the call: the agent's upline (levels 1-3), the campaign's owner, an admin. */
export const COACH_BASES = ['upline', 'owner', 'admin'] as const;
export type CoachBasis = (typeof COACH_BASES)[number];

/** An SDP offer of one audio line is a few kB (its candidates included); this bounds what a client may make us hold. */
export const MAX_COACH_SDP_LENGTH = 20_000;

export const StartListeningBody = Type.Object({
  agentId: Type.String({ pattern: '^[0-9a-f]{24}$' }),
  /**
   * The coach's WebRTC offer with its ICE candidates (gathering complete: no trickle). Required when the listing says
   * `media: 'webrtc'`; without it (the simulator's calls carry no audio) the coach joins without one.
   */
  sdp: Type.Optional(Type.String({ minLength: 4, maxLength: MAX_COACH_SDP_LENGTH, pattern: '^v=0' })),
});
export type StartListeningBody = Static<typeof StartListeningBody>;

export const CoachingSession = Type.Object({
  sessionId: Type.String(),
  callId: Type.String(),
  agentId: Type.String(),
  agentName: Type.String(),
  mode: Type.Enum(MONITOR_MODES),
  /** The gateway's answer to the coach's offer (only when joining). */
  sdp: Type.Optional(Type.String()),
});
export type CoachingSession = Static<typeof CoachingSession>;

export const ChangeModeBody = Type.Object({ mode: Type.Enum(MONITOR_MODES) });
export const SessionParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

/** A live call the viewer may listen to (GET /api/coaching/calls). */
export const ListenableCall = Type.Object({
  callId: Type.String(),
  agentId: Type.String(),
  agentName: Type.String(),
  /** The agent's level below the viewer (1-3) when the viewer is their upline. */
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  basis: Type.Enum(COACH_BASES),
  campaignName: Type.Optional(Type.String()),
  connectedAt: Type.Optional(Type.String()),
});
export type ListenableCall = Static<typeof ListenableCall>;
export const ListenableCalls = Type.Object({
  calls: Type.Array(ListenableCall),
  /**
   * `webrtc`: a coach hears these calls over WebRTC (the room model): Listen opens the microphone and joins with an
   * offer. Absent: the phone service's calls have no audio (the simulator): Listen joins without microphone or offer.
   */
  media: Type.Optional(Type.Literal('webrtc')),
});
export type ListenableCalls = Static<typeof ListenableCalls>;

/** Who is on the agent's call right now, as the agent's panel says it (`coaching:indicator`, GET /api/coaching/mine). */
export const CoachingIndicator = Type.Object({
  callId: Type.Union([Type.String(), Type.Null()]),
  coaches: Type.Array(Type.Object({ basis: Type.Enum(COACH_BASES), mode: Type.Enum(MONITOR_MODES) })),
});
export type CoachingIndicator = Static<typeof CoachingIndicator>;

const COACH_WORDING: Record<CoachBasis, string> = {
  upline: 'Your team lead',
  owner: 'The campaign owner',
  admin: 'An admin',
};

/**
 * The agent's indicator: "Your team lead is listening" / "Your team lead is coaching" (whisper or barge); the
 * campaign owner and admins are named as what they are. Coaching wins over listening when several are on the call.
 */
export function coachingIndicatorText(indicator: CoachingIndicator): string | null {
  const coach =
    indicator.coaches.find((c) => c.mode !== 'listen' && c.basis === 'upline') ??
    indicator.coaches.find((c) => c.mode !== 'listen') ??
    indicator.coaches.find((c) => c.basis === 'upline') ??
    indicator.coaches[0];
  if (!coach) return null;
  return `${COACH_WORDING[coach.basis]} is ${coach.mode === 'listen' ? 'listening' : 'coaching'}`;
}
