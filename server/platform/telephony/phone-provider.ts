import type { MonitorMode } from '../../../shared/schemas/coaching/sessions.js';
import type { DialResult, SipCause } from '../../../shared/schemas/dialer/dial-result.js';
import type { LeadAudioSource } from './lead-audio.js';

/**
 * Who ended a call: the agent (End), the lead (hung up, busy, declined, unreachable), the ring timeout, the agent's
 * browser gone with no re-attach (`agent-lost`), or the phone gateway gone (`gateway-failure`). The server owns the
 * call's life, so every end has one of these.
 */
export type CallEnder = 'agent' | 'lead' | 'timeout' | 'agent-lost' | 'gateway-failure';

/**
 * What a provider knows about an end it reports: who ended the call, the lead leg's final SIP status, and for a call
 * that never connected why (dialResultOf) and the carrier's answer as it was sent.
 */
export interface EndDetail {
  by?: CallEnder;
  sipStatus?: number;
  result?: DialResult;
  cause?: SipCause;
}

/**
 * What the dialer needs from a telephony provider (spec 2 section 7: initialize, connect, make call,
 * end call, set muted, and its events). One instance per process is built at start-up as `platform.phone`
 * (PHONE_PROVIDER picks it, phone-providers.ts). The shipped implementation is the simulator
 * (simulator.ts); the SIP provider (sip-provider.ts) implements the same contract and reports through the same events.
 *
 * The dialer has checked and stored a call before `makeCall` is asked to place it, so a provider never decides
 * whether a call may be made. Every method only starts the work and resolves once the provider took it on;
 * what happens next (ringing over, answered, far-end hangup, end done, mute applied) comes back as events, which
 * the dialer applies to the stored call (server/features/dialer/lifecycle.ts `connectPhoneEvents`). An event may arrive more than once
 * (a re-run step): the dialer applies each transition once.
 */

export type ProviderEvent =
  | { type: 'initialized'; agentId: string }
  | { type: 'init-failed'; agentId: string }
  | { type: 'connected'; agentId: string }
  /** The phone gateway (Janus) went away, or is back with new sessions: the agent's badge follows it. */
  | { type: 'gateway-changed'; agentId: string; reachable: boolean }
  /** The far end picked up (a person, or voicemail). */
  | { type: 'answered' | 'voicemail'; callId: string }
  /** The far end rings (SIP 180/183); `earlyMedia`: the carrier sends audio before the answer (its ringback). */
  | { type: 'ringing'; callId: string; earlyMedia?: boolean }
  /** Rang out with no answer, or the number could not be reached: who ended it, why (dialResultOf) and the carrier's SIP answer. */
  | ({ type: 'no-answer' | 'failed'; callId: string } & EndDetail)
  /** The far end hung up. */
  | ({ type: 'hangup'; callId: string } & EndDetail)
  /** The provider ended the call itself: the agent's browser gone with no re-attach, or the gateway gone. */
  | ({ type: 'dropped'; callId: string; by: 'agent-lost' | 'gateway-failure' } & EndDetail)
  /** An end the agent asked for is complete. */
  | { type: 'end-complete'; callId: string }
  /** The line is free again after an ended call. */
  | { type: 'idle'; callId: string }
  | { type: 'mute-changed'; callId: string; muted: boolean }
  /** Hold or resume is in effect: the lead hears the hold tone (or the agent again). */
  | { type: 'hold-changed'; callId: string; held: boolean }
  /** The answered call is being recorded (the gateway confirmed it). */
  | { type: 'recording-started'; callId: string }
  /** The lead pressed a key on their phone (an RFC 4733 event from the far end). */
  | { type: 'lead-key'; callId: string; key: string }
  /**
   * The closing desk hung up while it talked with the opener and the lead (a warm desk transfer not yet completed):
   * its leg left the call, which goes on with the opener and the lead.
   */
  | { type: 'desk-left'; callId: string }
  /** The answered call's dialog, opaque, kept on the call so another process can end it (`hangUpOrphan`). */
  | { type: 'dialog-established'; callId: string; dialog: string }
  /** WebRTC providers: the gateway's answer to the browser's offer, and its ICE candidates, for the agent's tab. */
  | { type: 'media-answer'; agentId: string; callId: string; offerId: string; sdp: string }
  | { type: 'media-candidate'; agentId: string; offerId: string; candidate: MediaCandidate | null };

/** An ICE candidate as RTCIceCandidateInit carries it. */
export interface MediaCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

/**
 * A provider whose audio comes from the agent's browser (WebRTC): the browser's offer and ICE candidates reach it
 * over the app's socket. The offer is only kept for the agent's next call: nothing is dialed until the dialer
 * authorised the call and asked `makeCall`.
 */
export interface MediaSignalling {
  offer(agentId: string, offer: { offerId: string; sdp: string }): Promise<void>;
  candidate(agentId: string, offerId: string, candidate: MediaCandidate | null): Promise<void>;
  /**
   * Auto-dial: true once this process holds an offer of the agent's taken at or after `since` (an older one belonged
   * to a connection its tab has closed and is dropped), waiting up to `withinMs` for the tab to send it.
   */
  offerReady(agentId: string, options: { since?: Date; withinMs: number }): Promise<boolean>;
  /**
   * An ICE restart of the agent's connected call: the tab's new offer (`iceRestart`) on the same connection
   * (`offerId` of the call), passed to the gateway; resolves with the gateway's answer SDP.
   */
  restart(agentId: string, offer: { offerId: string; sdp: string }): Promise<string>;
  /**
   * The call outlives the tab's connection (the room provider): an offer sent while the agent's call is live joins
   * that call again, and its answer comes back as `media-answer` with the call's id.
   */
  readonly reattaches?: true;
}

/**
 * Live transfer of a connected call to another agent (docs/telephony.md, "Transfers"). The dialer has checked who
 * may transfer to whom and stored the offer; the provider only moves the media.
 */
export interface CallTransfers {
  /**
   * The closer's tab (the offer it sent just before accepting) joins the call: the opener, the closer and the lead
   * talk. Rejects with `TransferMediaNotReady` when that tab sent no offer.
   */
  join(callId: string, closerId: string): Promise<void>;
  /** The call becomes the closer's (joining them first if they are not in it yet): the opener's tab leaves it. */
  handOver(callId: string, closerId: string): Promise<void>;
  /** The closer's part leaves the call (a conference the opener gave up, a call that ended). */
  leave(callId: string, closerId: string): Promise<void>;
  /**
   * Rings an owner's closing desk (`number`: E.164 or a SIP URI) into the connected call: the opener, the desk and the
   * lead talk. Resolves once the desk answered; rejects with `DeskNotReached` otherwise (the lead stays with the opener).
   */
  dialDesk?(callId: string, number: string): Promise<void>;
  /**
   * The opener leaves the lead with the desk: the call is no longer the agent's (the dialer ends it for them).
   * Rejects with `DeskNotReached` when the desk is no longer on the call (it hung up). A desk that hangs up before
   * the hand-over is reported as `desk-left`.
   */
  handOverToDesk?(callId: string): Promise<void>;
}

/** The closing desk did not answer (busy, no answer in the ring time, no such number) or the call ended meanwhile. */
export class DeskNotReached extends Error {}

/** The closer's tab has no connection ready to join a transferred call with. */
export class TransferMediaNotReady extends Error {}

/**
 * Coaches on live calls (the room provider, platform/telephony/room-monitor.ts; the simulator). The coaching feature
 * authorises every request before it gets here: this only joins the coach to the call's audio and switches the mode.
 */
export interface CallMonitoring {
  /**
   * `webrtc`: the coach hears and speaks over WebRTC (the room model), so a join needs the coach's offer. Absent: the
   * provider's calls carry no audio (the simulator): a join takes no offer and there is nothing to hear.
   */
  readonly media?: 'webrtc';
  /**
   * Joins the coach to the call: with `media` the coach's browser (its offer, candidates included), resolving with the
   * gateway's answer SDP; without, null.
   */
  join(request: { callId: string; coachId: string; offer?: string; mode: MonitorMode }): Promise<string | null>;
  /** Switches the mode on the same connection (nothing re-joins). */
  setMode(callId: string, coachId: string, mode: MonitorMode): Promise<void>;
  leave(callId: string, coachId: string): Promise<void>;
}

/** A lead calling one of the campaigns' numbers, ringing at the provider until the dialer decides (10 digits each). */
export interface InboundOffer {
  inboundId: string;
  from: string;
  to: string;
}

/** What a voicemail left: the recording (WAV: what the lead heard left, the lead right) and the message's length. */
export interface VoicemailLeft {
  wav: Buffer | null;
  seconds: number;
}

/**
 * Leads calling in (docs/telephony.md, "Lead calls back"). The provider answers nothing by itself: the dialer hears the
 * offer, decides who rings, and either bridges the caller into an agent's line (`makeCall` with `inboundId`: the call
 * is then answered at once and goes on as any call) or takes a voicemail.
 */
export interface InboundCalls {
  onOffered(handler: (offer: InboundOffer) => void): () => void;
  /** The caller hung up while ringing. */
  onAbandoned(handler: (inboundId: string) => void): () => void;
  /** The greeting, then the caller's message until they hang up or `maxMs`; resolves once it is over. */
  voicemail(inboundId: string, options: { greeting: Buffer; maxMs: number }): Promise<VoicemailLeft>;
  /** Nobody takes it and no voicemail either: the caller is told the number is unavailable. */
  reject(inboundId: string): void;
  /** The simulator's stand-in for a lead phone calling in (`npm start`, the dev route). */
  simulate?(offer: { from: string; to: string }): string;
}

/** Where a call stands after the dialer applied an event; the provider times its next steps from it. */
export interface CallProgress {
  state: 'calling' | 'connected' | 'ending' | 'ended' | 'idle';
  reached?: 'answered' | 'voicemail';
  connectedAt?: Date;
  endedAt?: Date;
}

/** Handlers are awaited: a failing handler fails the provider step, which is retried. */
export type ProviderEventHandler = (event: ProviderEvent) => Promise<CallProgress | null | void>;

export interface ProviderEvents {
  subscribe(handler: ProviderEventHandler): () => void;
}

/** The line's pauses the dialer times itself by. */
export interface LineTimings {
  /** An ended call holds the line this long before it is free (the `idle` event). */
  idleMs: number;
  /** Auto-dial places the next contact this long after the previous call ended. */
  autoDialDelayMs: number;
}

/** A call the dialer asks a provider to place. */
export interface PlacedCall {
  callId: string;
  agentId: string;
  /** Digits only. */
  phone: string;
  /** The same call placed again after a crash: the provider keeps the original schedule and does not dial twice. */
  startedAt?: Date;
  /** The lead hears the recording and monitoring announcement when the call is answered (the campaign's setting). */
  announce?: true;
  /** The call must not be recorded (an all-party-consent state without the announcement). */
  record?: false;
  /** A lead calling in (`inbound`): bridged into the agent's line instead of dialed, and `answered` follows at once. */
  inboundId?: string;
}

export interface PhoneProvider {
  /** Shown where the spec says "Zoom Phone". */
  readonly displayName: string;
  readonly timings: LineTimings;
  /** Starts the agent's phone session: `initialized` (or `init-failed`) follows. */
  initialize(agentId: string): Promise<void>;
  /** Registers the initialized session: `connected` (or `init-failed`) follows. */
  connect(agentId: string): Promise<void>;
  /**
   * Places a call the dialer authorised and stored (`phone`: digits only). Ringing over ends in `answered`,
   * `voicemail`, `no-answer` or `failed`. `inboundId`: a lead calling in (`inbound`) is bridged into the agent's line
   * instead and `answered` follows at once. `startedAt` is set when the same call is placed again after a crash:
   * the provider keeps the original schedule and does not dial twice.
   */
  makeCall(call: PlacedCall): Promise<void>;
  /** Hangs up from the agent's side: `end-complete`, then `idle` once the line is free. */
  endCall(callId: string): Promise<void>;
  /** Stops or restarts the agent's audio: `mute-changed` follows. */
  setMuted(callId: string, muted: boolean): Promise<void>;
  /**
   * Puts the connected call on hold (the lead hears a hold tone, never silence, and the agent does not hear the lead)
   * or resumes it: `hold-changed` follows. Absent where the provider cannot (the SIP-plugin path).
   */
  setHeld?(callId: string, held: boolean): Promise<void>;
  /** Sends keypad keys (0-9 * #) to the lead of the connected call, in order; resolves once they are sent. */
  sendDigits?(callId: string, digits: string): Promise<void>;
  readonly events: ProviderEvents;
  /** Set by providers that carry the agent's audio from the browser over WebRTC (the `sip` provider). */
  readonly media?: MediaSignalling;
  /**
   * Providers that record real calls: the ended call's recording as a WAV, asked once the end of an answered call is
   * stored, and awaited apart from it (null: nothing was recorded). Without it the dialer stores the simulator's
   * generated recording with the end.
   */
  recording?(callId: string): Promise<Buffer | null>;
  /**
   * Set by providers whose calls live in this process (the `sip` provider's Janus sessions): this process's id, stored
   * on every call it places (`phoneNode`) and kept alive in Redis while the process runs, so that the calls of a
   * process that died are ended by another (server/features/dialer/orphaned-calls.ts).
   */
  readonly sessionNode?: string;
  /** Providers that can hand a live call to another agent (the simulator, the room provider). */
  readonly transfers?: CallTransfers;
  /**
   * Ends at the far end a call whose process died, from the dialog it kept (`dialog-established`): the room provider
   * sends the BYE from this process's SIP stack.
   */
  hangUpOrphan?(dialog: string): Promise<void>;
  /** False while the provider's gateway is unreachable (set by providers that supervise one: the room provider). */
  readonly gatewayReachable?: boolean;
  /** Providers that hear the lead's side of a call (issue 31's objection spotter listens to it on this node). */
  readonly leadAudio?: LeadAudioSource;
  /** Providers that take leads' calls to the campaigns' numbers (the room model, the simulator). */
  readonly inbound?: InboundCalls;
  /** Providers whose calls can take a coach (the room model; the simulator, without audio). */
  readonly monitoring?: CallMonitoring;
  /** Releases what the provider holds outside this process (the SIP provider's Janus sessions) when the process stops. */
  close?(): Promise<void>;
}

export function providerEvents(): ProviderEvents & { publish(event: ProviderEvent): Promise<CallProgress | null> } {
  const handlers = new Set<ProviderEventHandler>();
  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async publish(event) {
      let progress: CallProgress | null = null;
      for (const handler of handlers) progress = (await handler(event)) ?? progress;
      return progress;
    },
  };
}
