import { Type, type Static } from 'typebox';
import { CallView } from './call.js';
import { QueueView } from './queue.js';

export const PHONE_STATUS_VALUES = [
  'uninitialized',
  'initializing',
  'initialized',
  'connecting',
  'connected',
  'failed',
] as const;

export const PhoneView = Type.Object({
  status: Type.Enum(PHONE_STATUS_VALUES),
  /** The provider's display name ("Zoom Phone" for the shipped simulator). */
  provider: Type.String(),
  /**
   * `webrtc`: the agent's audio goes from this browser over WebRTC (PHONE_PROVIDER=sip): the tab sends an offer
   * (`phone:offer`) before each call and plays the answer's audio. Absent with the simulator.
   */
  media: Type.Optional(Type.Literal('webrtc')),
  /**
   * The call lives in a room on the server (SIP_CALL_MODEL=room): a tab that has no connection for the agent's live
   * call (a reload, a new tab) re-attaches with a new offer, and the lead stays on the line.
   */
  reattach: Type.Optional(Type.Literal(true)),
  /**
   * The phone gateway (Janus) is not reachable from the server serving this tab: no call can be placed until it is
   * back and its sessions are made again (the badge says so instead of "Connected").
   */
  gateway: Type.Optional(Type.Literal('unreachable')),
  /** The provider can put a call on hold (the panel shows Hold). */
  hold: Type.Optional(Type.Literal(true)),
  /** The provider can send keypad keys to the lead (the panel shows the keypad). */
  keypad: Type.Optional(Type.Literal(true)),
});
export type PhoneView = Static<typeof PhoneView>;

/** One entry of RTCConfiguration.iceServers; TURN entries carry credentials minted for this agent. */
export const IceServerView = Type.Object({
  urls: Type.Array(Type.String()),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});
export type IceServerView = Static<typeof IceServerView>;

/** `GET /api/dialer/state`: everything a dialer tab needs to draw itself. */
export const DialerState = Type.Object({
  phone: PhoneView,
  /** With `phone.media` `webrtc`: the STUN/TURN servers the tab's RTCPeerConnection gathers candidates with. */
  iceServers: Type.Optional(Type.Array(IceServerView)),
  /**
   * When the TURN credentials in `iceServers` stop opening relays: with the access token this state was read with.
   * A tab asks again before a call after this.
   */
  iceServersExpireAt: Type.Optional(Type.String()),
  /** The live call, else the agent's most recent call (null before the first). */
  call: Type.Union([CallView, Type.Null()]),
  queue: QueueView,
  callsToday: Type.Integer({ minimum: 0 }),
  callsPerDay: Type.Integer({ minimum: 0 }),
});
export type DialerState = Static<typeof DialerState>;

/**
 * Which toast a `call:state` carries: clients pick its tone and what to clear by this code, never by the text
 * (which carries the provider's name).
 */
export const CALL_NOTICES = [
  'calling',
  'call-connected',
  'call-ended',
  'call-completed',
  'call-failed',
  'phone-connected',
  'phone-init-failed',
] as const;
export type CallNotice = (typeof CALL_NOTICES)[number];

/** `call:state` to every tab of the agent: the phone and the call after each change. */
export const CallStatePayload = Type.Object({
  phone: PhoneView,
  call: Type.Union([CallView, Type.Null()]),
  /** The toast's code; set with `message`. */
  notice: Type.Optional(Type.Enum(CALL_NOTICES)),
  /** Toast text for this change (spec 2 section 8), when there is one. */
  message: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  /** When the server emitted it (ISO, ms): clients and the benchmark measure push latency from it. */
  emittedAt: Type.String(),
});
export type CallStatePayload = Static<typeof CallStatePayload>;

/** `POST /api/dialer/connect` answers the phone view; the rest arrives as `call:state`. */
export const ConnectAnswer = Type.Object({ phone: PhoneView });
export type ConnectAnswer = Static<typeof ConnectAnswer>;

/** `PUT /api/dialer/auto-dial` answer. */
export const AutoDialAnswer = Type.Object({ queue: QueueView, message: Type.String() });
export type AutoDialAnswer = Static<typeof AutoDialAnswer>;
