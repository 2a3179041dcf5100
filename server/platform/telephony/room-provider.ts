import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TIMINGS } from '../../../shared/constants.js';
import type { SipConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { AudioBridgeRooms, type RoomParticipant } from './audio-bridge.js';
import { dialResultOf } from './dial-result.js';
import { RoomTransfers } from './room-transfer.js';
import { GatewaySupervisor } from './gateway-supervisor.js';
import { takeRelayRecording } from './relay-recording.js';
import { LeadAudioTaps } from './lead-audio.js';
import { RoomMonitor } from './room-monitor.js';
import { RoomDesks } from './room-desk.js';
import { mediaOf, offerSdp } from './leg-sdp.js';
import { recordingAnnouncement } from './recording-announcement.js';
import { RtpRelay } from './rtp-relay.js';
import { digitsToLead, followLeadKeys } from './call-controls.js';
import { SipUserAgent, type LeadLeg, type SipCallRequest, type SipDialogRecord } from './sip-leg.js';
import { RoomInbound } from './room-inbound.js';
import { OfferWaiters, publishEnd, publishRetrying } from './provider-steps.js';
import {
  providerEvents,
  type CallProgress,
  type LineTimings,
  type MediaCandidate,
  type MediaSignalling,
  type PhoneProvider,
  type PlacedCall,
  type ProviderEvent,
} from './phone-provider.js';

/**
 * The room provider (PHONE_PROVIDER=sip with SIP_CALL_MODEL=room): every call is a Janus AudioBridge room.
 *
 * - The server creates the room, joins the agent's browser to it over WebRTC (the tab's offer, taken over the socket
 *   as with the SIP-plugin provider) and places the lead's SIP leg itself (npm `sip`), whose media the server relays
 *   into the room as a plain-RTP G.711 participant (platform/telephony/rtp-relay.ts). The lead's leg belongs to the
 *   room, not to the agent's PeerConnection: the agent's tab can leave and re-join, and a second agent or a listener
 *   can join the same room (issue 30).
 * - Ending is the server's: BYE (or CANCEL while ringing) from its SIP leg, every participant leaves, the room is
 *   destroyed. The far end's BYE, a rejection (with its SIP status) and the ring timeout come back as the same
 *   provider events as the SIP-plugin provider's.
 * - The agent's WebRTC leg outlives the call: the tab joins the agent's own room (one per agent and process) and
 *   stays in it between calls, and each call bridges the lead's leg into that room. Auto-dial therefore needs no
 *   per-call offer from the tab: whichever tab or device switched it on, the next contact is dialed into the room the
 *   agent is already in (issue 29: an auto-dial switched on from another tab ran one call, then stalled). A fresh
 *   offer (a reloaded page, a tab that made a new connection) replaces the agent's participant.
 * - Every answered call is recorded by the relay as it passes (left: what the lead heard, right: the lead), streamed
 *   to SIP_RECORDINGS_DIR (relay-recording.ts), so a greeting that never hears the agent still has its recording,
 *   Janus dying mid-call keeps the recording so far, the recording of a process that died is read by the process that
 *   sweeps its calls, and nothing is left on disk once the dialer took it.
 */

/** Busy or declined (486, 600, 603), no answer in time (408, 480) or the ringing cancelled (487): missed, not failed. */
const MISSED_CODES = new Set([486, 600, 603, 408, 480, 487]);
/** How long the far end may take to confirm our BYE or CANCEL before the end is completed anyway. */
const END_GRACE_MS = 5_000;
/**
 * How long the agent's media may be gone (tab closed, crashed, offline) with no re-attach before the server hangs up
 * on the lead (issue 29: a browser crash left a lead on a silent line for minutes).
 */
const AGENT_LOST_MS = 10_000;

export interface RoomCall {
  callId: string;
  agentId: string;
  offerId: string;
  room?: { room: number; secret: string };
  agent?: RoomParticipant;
  lead?: RoomParticipant;
  relay?: RtpRelay;
  leg?: LeadLeg;
  /** Candidates the tab trickled before its participant existed. */
  candidates: Array<MediaCandidate | null>;
  answered: boolean;
  ending: boolean;
  timedOut: boolean;
  over: boolean;
  timers: NodeJS.Timeout[];
  /** The `answered` event, applied: later events wait for it. */
  published?: Promise<unknown>;
  /** The agent's media went down: the call is dropped as `agent-lost` when this fires (a re-attach clears it). */
  agentLost?: NodeJS.Timeout;
  /** The offer the current agent participant joined with. */
  agentJoinedWith?: string;
  /** The campaign's disclosure (issue 30): the announcement the lead hears on answer, being made or read from the cache. */
  announcement?: Promise<Buffer | null>;
  /** False: not recorded (an all-party-consent state without the announcement). */
  record: boolean;
  /** Handed to a closing desk (room-desk.ts): the lead's BYE ends that bridge, no longer a call of the dialer's. */
  bridgedLeadBye?: () => void;
}

/** The agent's personal room and the participant the agent's tab keeps in it between calls. */
export interface AgentLine {
  room: { room: number; secret: string };
  agent?: RoomParticipant;
  offerId?: string;
  /** Janus sees the participant's media (webrtcup, or `media receiving:true` since its last loss). */
  mediaUp: boolean;
}

export interface AgentOffer {
  offerId: string;
  sdp: string;
  candidates: Array<MediaCandidate | null>;
  takenAt: number;
}

export interface RoomProviderOptions {
  displayName?: string;
  log?: Logger;
  /** Where made audio is kept between processes (the recording announcement); default the system's temporary directory. */
  cacheDir?: string;
}

export class RoomPhoneProvider implements PhoneProvider {
  readonly displayName: string;
  readonly timings: LineTimings = { idleMs: 1_000, autoDialDelayMs: TIMINGS.autoDialDelayMs };
  private readonly bus = providerEvents();
  readonly events = this.bus;
  readonly sessionNode = randomUUID();
  readonly media: MediaSignalling;
  readonly leadAudio = new LeadAudioTaps();
  private readonly offers = new Map<string, AgentOffer>();
  private readonly offerWaiters = new OfferWaiters();
  private readonly calls = new Map<string, RoomCall>();
  private readonly agentCalls = new Map<string, RoomCall>();
  private readonly lines = new Map<string, AgentLine>();
  private rooms?: Promise<AudioBridgeRooms>;
  private userAgent?: Promise<SipUserAgent>;
  /** Warm and blind transfers to another agent (room-transfer.ts): the call's room changes hands, the lead stays. */
  readonly transfers: RoomTransfers = new RoomTransfers({
    calls: this.calls,
    agentCalls: this.agentCalls,
    lines: this.lines,
    takeOffer: (agentId) => {
      const offer = this.offers.get(agentId);
      this.offers.delete(agentId);
      return offer;
    },
    liveLine: (agentId) => this.liveLine(agentId),
    roomClient: () => this.roomClient(),
    watchAgent: (call, participant) => this.watchAgent(call, participant),
    publish: (event) => this.publish(event),
    desks: new RoomDesks({
      calls: this.calls,
      agentCalls: this.agentCalls,
      lines: this.lines,
      roomClient: () => this.roomClient(),
      sipAgent: () => this.sipAgent(),
      legRequest: (number, agentId) => this.legRequest(number, agentId),
      ringTimeoutMs: () => this.sip.ringTimeoutMs,
      log: () => this.options.log,
      deskLeft: (callId) => void this.publish({ type: 'desk-left', callId }),
    }),
  });
  /** Leads calling the campaigns' numbers (room-inbound.ts): bridged into an agent's room here, or a voicemail. */
  readonly inbound: RoomInbound;
  /** Agents whose phone this process serves (connected here, or whose tab offered here): told of the gateway. */
  private readonly agentsServed = new Set<string>();
  private readonly gateway = new GatewaySupervisor(
    () => this.roomClient(),
    (reachable) => {
      for (const agentId of this.agentsServed) void this.publish({ type: 'gateway-changed', agentId, reachable });
    },
  );

  /** False from the loss of the Janus session until a new one is made (the badge says so). */
  get gatewayReachable(): boolean {
    return this.gateway.reachable;
  }
  /** Coaches on this process's answered calls (issue 30): they hear and add to the call through its relay. */
  readonly monitoring = new RoomMonitor({
    rooms: () => this.roomClient(),
    relayOf: (callId) => {
      const call = this.calls.get(callId);
      return call?.answered && !call.over && !call.ending ? call.relay : undefined;
    },
  });

  constructor(
    private readonly sip: SipConfig,
    private readonly options: RoomProviderOptions = {},
  ) {
    this.displayName = options.displayName ?? 'Phone';
    this.inbound = new RoomInbound({
      recordingsDir: () => this.sip.recordingsDir,
      sipAgent: () => this.sipAgent(),
      log: options.log,
    });
    this.media = {
      offer: async (agentId, offer) => this.takeOffer(agentId, offer),
      candidate: (agentId, offerId, candidate) => this.takeCandidate(agentId, offerId, candidate),
      offerReady: (agentId, options) => this.offerReady(agentId, options),
      restart: (agentId, offer) => this.restartIce(agentId, offer),
      reattaches: true,
    };
  }

  /** The phone is ready once the room gateway answers: no per-agent session is needed any more. */
  async initialize(agentId: string): Promise<void> {
    this.agentsServed.add(agentId);
    void this.roomClient().then(
      () => this.publish({ type: 'initialized', agentId }),
      (error) => {
        this.options.log?.warn({ err: error, agentId }, 'Janus AudioBridge not reachable');
        return this.publish({ type: 'init-failed', agentId });
      },
    );
  }

  async connect(agentId: string): Promise<void> {
    void Promise.all([this.roomClient(), this.sipAgent()]).then(
      () => this.publish({ type: 'connected', agentId }),
      (error) => {
        this.options.log?.warn({ err: error, agentId }, 'room phone not connected');
        return this.publish({ type: 'init-failed', agentId });
      },
    );
  }

  async makeCall(request: PlacedCall): Promise<void> {
    if (this.calls.has(request.callId)) return; // already placed (a re-run)
    const offer = this.offers.get(request.agentId);
    const held = this.liveLine(request.agentId);
    if (!offer && !held) throw new Error("No WebRTC offer from the agent's browser for this call");
    if (this.agentCalls.has(request.agentId)) throw new Error("The agent's line already carries a call");
    this.offers.delete(request.agentId);
    const call: RoomCall = {
      callId: request.callId,
      agentId: request.agentId,
      offerId: offer?.offerId ?? held!.offerId!,
      candidates: offer?.candidates ?? [],
      answered: false,
      ending: false,
      timedOut: false,
      over: false,
      timers: [],
      record: request.record !== false,
      // Made while the lead's phone rings, so the lead hears it as soon as they answer.
      ...(request.announce ? { announcement: this.announcementAudio(request.callId) } : {}),
    };
    this.calls.set(call.callId, call);
    this.agentCalls.set(call.agentId, call);
    try {
      const [rooms, userAgent] = await Promise.all([this.roomClient(), this.sipAgent()]);
      const line = await this.lineOf(rooms, request.agentId);
      call.room = line.room;
      if (!offer) {
        // The tab's connection from an earlier call (or the one it joined with) is still in the room: no offer needed.
        call.agent = held!.agent;
        call.agentJoinedWith = held!.offerId;
        this.watchAgent(call, held!.agent!);
      }
      // The lead's leg is dialed while the agent's browser joins: the INVITE does not wait for WebRTC.
      await Promise.all([
        offer ? this.joinAgent(rooms, call, offer.sdp) : undefined,
        request.inboundId
          ? this.answerLead(userAgent, call, request.inboundId)
          : this.dialLead(rooms, userAgent, call, request.phone),
      ]);
    } catch (error) {
      call.over = true;
      await this.teardown(call);
      throw error;
    }
  }

  async endCall(callId: string): Promise<void> {
    const call = this.calls.get(callId);
    if (!call || call.over) {
      void this.finishEnd(callId, { type: 'end-complete', callId });
      return;
    }
    call.ending = true;
    if (call.answered || !call.leg) {
      // BYE needs no answer to end our side: the room goes now.
      call.leg?.end();
      void this.finish(call, { type: 'end-complete', callId });
      return;
    }
    call.leg.end(); // CANCEL: its 487 completes the end (onRejected)
    call.timers.push(setTimeout(() => void this.finish(call, { type: 'end-complete', callId }), END_GRACE_MS));
  }

  /** Mute is the room's: the agent's participant stops feeding the mix (and the tab disables its track). */
  async setMuted(callId: string, muted: boolean): Promise<void> {
    const call = this.calls.get(callId);
    await call?.agent?.setMuted(muted);
    setImmediate(() => void this.publish({ type: 'mute-changed', callId, muted }));
  }

  /** Hold is the relay's: the lead hears the hold tone, the room stops hearing the lead (call-controls.ts). */
  async setHeld(callId: string, held: boolean): Promise<void> {
    const relay = this.calls.get(callId)?.relay;
    if (!relay) throw new Error('No live call to hold');
    if (held) relay.hold();
    else relay.resume();
    setImmediate(() => void this.publish({ type: 'hold-changed', callId, held }));
  }

  async sendDigits(callId: string, digits: string): Promise<void> {
    const call = this.calls.get(callId);
    if (!call?.answered || !call.relay || !call.leg) throw new Error('No answered call to send digits to');
    await digitsToLead(call.relay, call.leg, digits);
  }

  /**
   * The relay's recording of the ended call (asked once by the dialer after the end is stored), from its files: also
   * those a process that died left behind, when this process sweeps its calls.
   */
  async recording(callId: string): Promise<Buffer | null> {
    // A call handed to a closing desk is recorded until the lead or the desk hangs up.
    await this.transfers.bridgeOver(callId);
    return takeRelayRecording(this.sip.recordingsDir, callId);
  }

  /** BYE from this process's SIP stack in the dialog of a call whose process died. */
  async hangUpOrphan(dialog: string): Promise<void> {
    const status = await (await this.sipAgent()).hangUpDialog(JSON.parse(dialog) as SipDialogRecord);
    this.options.log?.info({ status }, 'BYE sent for a call of a stopped process');
  }

  /** Hangs up every call of this process (BYE/CANCEL) and ends the Janus session and the SIP stack. */
  async close(): Promise<void> {
    this.gateway.stop();
    this.inbound.close();
    await this.monitoring.close();
    await this.transfers.close();
    for (const live of [...this.calls.values()]) {
      live.leg?.end();
      live.over = true;
      await this.teardown(live);
    }
    const rooms = await this.rooms?.catch(() => undefined);
    for (const line of this.lines.values()) {
      await line.agent?.leave();
      if (rooms) await rooms.destroyRoom(line.room);
    }
    this.lines.clear();
    await rooms?.close();
    (await this.userAgent?.catch(() => undefined))?.close();
  }

  /** Once per call: the room goes, then the dialer hears how the call ended. */
  private async finish(call: RoomCall, event: ProviderEvent & { callId: string }): Promise<void> {
    if (call.over) return;
    call.over = true;
    await this.teardown(call);
    await call.published;
    await this.finishEnd(call.callId, event);
  }

  // --- the room -------------------------------------------------------------------------------------

  private async joinAgent(rooms: AudioBridgeRooms, call: RoomCall, offer: string): Promise<void> {
    const offerId = call.offerId;
    const { participant, answer } = await rooms.joinWebrtc(call.room!.room, `agent-${call.agentId}`, offer);
    // A newer offer (a re-attach) took over meanwhile: this participant is not wanted.
    if (call.offerId !== offerId) return void participant.leave();
    const line = this.lines.get(call.agentId);
    const inLine = line?.room.room === call.room!.room ? line : undefined;
    // No agent's room (Janus went away) and the call is over: nothing to keep the participant for.
    if (call.over && !inLine) return void participant.leave();
    const previous = call.agent ?? inLine?.agent;
    // The participant stays in the agent's room after this call (even one that ended while it joined, a busy number):
    // the next call needs no new offer.
    if (inLine) Object.assign(inLine, { agent: participant, offerId, mediaUp: false });
    if (!call.over) {
      call.agent = participant;
      call.agentJoinedWith = offerId;
    }
    this.watchAgent(call, participant);
    if (previous !== participant) void previous?.leave();
    void this.publish({ type: 'media-answer', agentId: call.agentId, callId: call.callId, offerId, sdp: answer });
    for (const candidate of call.candidates.splice(0)) await participant.trickle(candidate).catch(() => undefined);
  }

  /**
   * A tab's offer while the agent has a live call is a re-attach (the page was reloaded, or another tab took the
   * call): the tab joins the same room as a new participant and the old one leaves; the lead stays on the line.
   */
  private async reattach(call: RoomCall, offer: AgentOffer): Promise<void> {
    call.offerId = offer.offerId;
    call.candidates = offer.candidates;
    const rooms = await this.roomClient();
    await this.joinAgent(rooms, call, offer.sdp);
    if (call.agent && call.offerId === offer.offerId) this.agentMediaUp(call, call.agent);
  }

  /** The agent's room, made on the first call of the agent in this process and kept between calls. */
  private async lineOf(rooms: AudioBridgeRooms, agentId: string): Promise<AgentLine> {
    const known = this.lines.get(agentId);
    if (known) return known;
    const line: AgentLine = { room: await rooms.createRoom(), mediaUp: false };
    const raced = this.lines.get(agentId);
    if (raced) {
      void rooms.destroyRoom(line.room);
      return raced;
    }
    this.lines.set(agentId, line);
    return line;
  }

  /** The agent's participant when it is in its room with its media flowing: the next call can use it as it is. */
  private liveLine(agentId: string): AgentLine | undefined {
    const line = this.lines.get(agentId);
    return line?.agent && !line.agent.left && line.mediaUp && line.offerId ? line : undefined;
  }

  /** Media down or up of the agent's participant: its line's state, and the live call's agent-lost timer. */
  private watchAgent(call: RoomCall, participant: RoomParticipant): void {
    const line = () => (this.lines.get(call.agentId)?.agent === participant ? this.lines.get(call.agentId) : undefined);
    participant.onMediaDown = (silentMs) => {
      const held = line();
      if (held) held.mediaUp = false;
      const live = this.agentCalls.get(call.agentId);
      if (live) this.agentMediaDown(live, participant, silentMs);
    };
    participant.onMediaUp = () => {
      const held = line();
      if (held) held.mediaUp = true;
      const live = this.agentCalls.get(call.agentId);
      if (live) this.agentMediaUp(live, participant);
    };
  }

  /**
   * The 10 s count from the agent's last sign of life, not from Janus's report: `media receiving:false` comes ~1 s
   * (its no-media timer) after the last packet, so the grace is shortened by that much (`silentMs`) and the BYE goes
   * out about 10 s after the tab died (issue 29: "browser process killed -> BYE within 10 s").
   */
  private agentMediaDown(call: RoomCall, participant: RoomParticipant, silentMs: number): void {
    if (call.agent !== participant || call.over || call.agentLost) return;
    call.agentLost = setTimeout(
      () => {
        if (call.over) return;
        this.options.log?.warn(
          { callId: call.callId, agentId: call.agentId },
          'agent media gone with no re-attach: hanging up',
        );
        call.leg?.end();
        void this.finish(call, { type: 'dropped', by: 'agent-lost', callId: call.callId });
      },
      Math.max(0, AGENT_LOST_MS - silentMs),
    );
    call.timers.push(call.agentLost);
  }

  private agentMediaUp(call: RoomCall, participant: RoomParticipant): void {
    if (call.agent !== participant || !call.agentLost) return;
    clearTimeout(call.agentLost);
    call.agentLost = undefined;
  }

  private async dialLead(
    rooms: AudioBridgeRooms,
    userAgent: SipUserAgent,
    call: RoomCall,
    phone: string,
  ): Promise<void> {
    const relay = await RtpRelay.open(userAgent.address);
    call.relay = relay;
    const { participant, janus } = await rooms.joinRtp(call.room!.room, 'lead', relay.janusSideAddress);
    call.lead = participant;
    relay.connectJanus(janus);
    if (call.over) return;
    call.leg = userAgent.call(
      { ...this.legRequest(phone.replace(/\D/g, ''), call.agentId), sdp: offerSdp(relay.farSideAddress) },
      {
        onProgress: (status, sdp) => {
          const far = sdp ? mediaOf(sdp) : undefined;
          if (far) relay.connectFar(far);
          if (!call.over && !call.ending)
            void this.publish({
              type: 'ringing',
              callId: call.callId,
              ...(status === 183 && far ? { earlyMedia: true } : {}),
            });
        },
        onAnswered: (sdp) => this.leadAnswered(call, relay, sdp),
        onRejected: (status, reason) => {
          this.options.log?.info({ callId: call.callId, status, reason }, 'lead leg not answered');
          if (call.ending) return void this.finish(call, { type: 'end-complete', callId: call.callId });
          const type = call.timedOut || MISSED_CODES.has(status) ? 'no-answer' : 'failed';
          const why = dialResultOf({ code: status, reason, timedOut: call.timedOut });
          void this.finish(call, {
            type,
            callId: call.callId,
            by: call.timedOut ? 'timeout' : 'lead',
            sipStatus: status,
            ...why,
          });
        },
        onRemoteBye: () => this.leadHungUp(call),
      },
    );
    call.timers.push(
      setTimeout(() => {
        if (call.answered || call.ending || call.over) return;
        call.timedOut = true;
        call.leg?.end();
        // A far end that never answers the CANCEL: the ring timeout still ends the call.
        call.timers.push(
          setTimeout(
            () =>
              void this.finish(call, {
                type: 'no-answer',
                callId: call.callId,
                by: 'timeout',
                ...dialResultOf({ timedOut: true }),
              }),
            END_GRACE_MS,
          ),
        );
      }, this.sip.ringTimeoutMs),
    );
  }

  /**
   * A SIP leg's request through the configured trunk, our SDP aside: `number` is digits (the lead, a desk's E.164
   * without its +) or a SIP URI of its own (a closing desk on the owner's PBX).
   */
  private legRequest(number: string, agentId: string): Omit<SipCallRequest, 'sdp'> {
    const proxyHost = new URL((this.sip.proxy ?? '').replace(/^sips?:/, 'http://')).host;
    const account = this.sip.username ? new URL(this.sip.username.replace(/^sips?:/, 'http://')) : undefined;
    return {
      target: number.startsWith('sip:') ? number : `sip:${number}@${proxyHost}`,
      fromUser: account?.username || `agent-${agentId}`,
      fromHost: account?.host || proxyHost,
      ...(this.sip.callerId ? { displayName: this.sip.callerId } : {}),
      ...(this.sip.outboundProxy ? { outboundProxy: this.sip.outboundProxy } : {}),
      ...(account?.username && this.sip.password
        ? { credentials: { user: decodeURIComponent(account.username), password: this.sip.password } }
        : {}),
    };
  }

  /** The recording announcement, or null (logged) where this machine cannot make it (no espeak-ng). */
  private announcementAudio(callId: string): Promise<Buffer | null> {
    return recordingAnnouncement(this.options.cacheDir ?? path.join(tmpdir(), 'commission-warriors-cache')).catch(
      (error: unknown) => {
        this.options.log?.error({ err: error, callId }, 'recording announcement not made: the lead does not hear it');
        return null;
      },
    );
  }

  /** The lead answered (a dialed call's 200, or the caller bridged in): recording, the dialog kept, `answered`. */
  private leadAnswered(call: RoomCall, relay: RtpRelay, sdp: string): void {
    const far = mediaOf(sdp);
    if (far) relay.connectFar(far);
    relay.farSendsOnly = /^a=(sendonly|inactive)\s*$/m.test(sdp);
    if (call.over || call.ending || call.timedOut) return;
    followLeadKeys(relay, sdp, (key) => {
      this.options.log?.info({ callId: call.callId, key }, 'DTMF key from the lead');
      void this.publish({ type: 'lead-key', callId: call.callId, key });
    });
    call.answered = true;
    if (call.record) relay.startRecording(this.sip.recordingsDir, call.callId);
    void call.announcement?.then((audio) => {
      if (audio && !call.over && !call.ending) return relay.announce(audio);
    });
    relay.tapLead(this.leadAudio.open(call.callId));
    call.published = this.publish({ type: 'answered', callId: call.callId });
    // The panel says "This call is recorded" from this event, as with the SIP plugin's recorder; the dialog is
    // kept on the call so that the lead gets a BYE from another process if this one dies.
    const dialog = call.leg?.dialogRecord();
    void call.published.then(async () => {
      if (call.record) await this.publish({ type: 'recording-started', callId: call.callId });
      if (dialog)
        await this.publish({ type: 'dialog-established', callId: call.callId, dialog: JSON.stringify(dialog) });
    });
  }

  private leadHungUp(call: RoomCall): void {
    // A lead left with a closing desk after the opener's hand-over (room-desk.ts): the desk gets the BYE.
    if (call.bridgedLeadBye) return call.bridgedLeadBye();
    void this.finish(
      call,
      call.ending
        ? { type: 'end-complete', callId: call.callId }
        : { type: 'hangup', callId: call.callId, by: 'lead', sipStatus: call.leg?.finalStatus ?? 200 },
    );
  }

  /** A lead calling in (room-inbound.ts) is answered into the agent's room: the relay as for a dialed lead, no INVITE. */
  private async answerLead(userAgent: SipUserAgent, call: RoomCall, inboundId: string): Promise<void> {
    const leg = this.inbound.claim(inboundId);
    if (!leg) throw new Error('The caller is no longer on the line');
    const relay = await RtpRelay.open(userAgent.address);
    call.relay = relay;
    call.leg = leg;
    leg.follow({ onCancelled: () => this.leadHungUp(call), onRemoteBye: () => this.leadHungUp(call) });
    const rooms = await this.roomClient();
    const { participant, janus } = await rooms.joinRtp(call.room!.room, 'lead', relay.janusSideAddress);
    call.lead = participant;
    relay.connectJanus(janus);
    if (call.over) return void leg.end();
    leg.answer(offerSdp(relay.farSideAddress));
    this.leadAnswered(call, relay, leg.offerSdp);
  }

  /** Everyone leaves, the room goes, the relay's recording is kept for the dialer. */
  private async teardown(call: RoomCall): Promise<void> {
    for (const timer of call.timers) clearTimeout(timer);
    if (this.calls.get(call.callId) === call) this.calls.delete(call.callId);
    if (this.agentCalls.get(call.agentId) === call) this.agentCalls.delete(call.agentId);
    void this.transfers.callOver(call.callId);
    if (call.relay) {
      // Flushed before the dialer hears the end and asks for it.
      await call.relay.stopRecording();
      call.relay.close();
    }
    const line = this.lines.get(call.agentId);
    // A participant whose media went down in the call (agent-lost) leaves: the tab's next offer joins afresh. One that
    // has not come up yet stays (a busy number ends the call before the tab's DTLS is done).
    const keep = call.agent !== undefined && line?.agent === call.agent && !call.agentLost;
    // The agent's participant stays in its room for the next call, unmuted (mute is the call's); the lead's goes.
    if (keep && call.agent && !call.agent.left) void call.agent.setMuted(false).catch(() => undefined);
    await Promise.all([keep ? undefined : call.agent?.leave(), call.lead?.leave()]);
  }

  private roomClient(): Promise<AudioBridgeRooms> {
    const { janusUrl, janusApiSecret } = this.sip;
    if (!janusUrl || !janusApiSecret)
      return Promise.reject(new Error('PHONE_PROVIDER=sip has no Janus gateway configured'));
    const current = this.rooms;
    if (current)
      return current.then(
        (rooms) => (rooms.alive ? rooms : this.reopenRooms(current)),
        () => this.reopenRooms(current),
      );
    return this.reopenRooms(current);
  }

  private reopenRooms(previous: Promise<AudioBridgeRooms> | undefined): Promise<AudioBridgeRooms> {
    if (this.rooms !== previous) return this.rooms!;
    const opened = AudioBridgeRooms.open(this.sip.janusUrl!, this.sip.janusApiSecret!, (error) =>
      this.onGatewayGone(error),
    );
    this.rooms = opened;
    opened.then(
      () => this.gateway.back(),
      () => undefined,
    );
    return opened;
  }

  /** Janus went away with every room: the calls in them are over. */
  private onGatewayGone(error: unknown): void {
    this.options.log?.warn({ err: error }, 'Janus session of the call rooms lost');
    this.gateway.lost();
    // The agents' rooms went with the session: each tab joins again with its next offer.
    this.lines.clear();
    for (const call of [...this.calls.values()]) {
      call.leg?.end();
      void this.finish(
        call,
        call.ending
          ? { type: 'end-complete', callId: call.callId }
          : { type: 'dropped', by: 'gateway-failure', callId: call.callId },
      );
    }
  }

  private sipAgent(): Promise<SipUserAgent> {
    this.userAgent ??= SipUserAgent.start({
      address: this.localAddress(),
      // Only a process that takes inbound calls (an API process) binds the fixed port: a worker's stack, which only
      // sends the orphan sweep's BYEs, takes a free one and does not collide with the API on the same host.
      port: this.inbound.listening ? this.sip.localPort : undefined,
      onError: (error) => this.options.log?.warn({ err: error }, 'SIP stack error'),
    }).then((userAgent) => {
      userAgent.onInvite = (invite) => this.inbound.take(userAgent, invite);
      return userAgent;
    });
    return this.userAgent;
  }

  /** npm `sip` cannot send to the address it is bound to: on loopback the server takes 127.0.0.2. */
  private localAddress(): string {
    if (this.sip.localIp) return this.sip.localIp;
    const host = new URL((this.sip.proxy ?? '').replace(/^sips?:/, 'http://')).hostname;
    if (host === '127.0.0.1' || host === 'localhost') return '127.0.0.2';
    throw new Error('SIP_CALL_MODEL=room needs SIP_LOCAL_IP: the address the carrier reaches this server on');
  }

  // --- signalling from the browser ------------------------------------------------------------------

  private takeOffer(agentId: string, offer: { offerId: string; sdp: string }): void {
    this.agentsServed.add(agentId);
    const taken: AgentOffer = { ...offer, candidates: [], takenAt: Date.now() };
    const live = this.agentCalls.get(agentId);
    if (live && !live.over && !live.ending && live.room) {
      void this.reattach(live, taken).catch((error) =>
        this.options.log?.warn({ err: error, callId: live.callId }, 'agent tab not re-attached to its call'),
      );
      return;
    }
    this.offers.set(agentId, taken);
    this.offerWaiters.wake(agentId);
  }

  private async takeCandidate(agentId: string, offerId: string, candidate: MediaCandidate | null): Promise<void> {
    const waiting = this.offers.get(agentId);
    if (waiting?.offerId === offerId) return void waiting.candidates.push(candidate);
    // The tab's connection in the agent's room, between calls or after a call that ended while it joined.
    const line = this.lines.get(agentId);
    if (line?.agent && line.offerId === offerId) return void (await line.agent.trickle(candidate));
    if (await this.transfers.candidate(agentId, offerId, candidate)) return;
    const call = this.agentCalls.get(agentId);
    if (call?.offerId !== offerId) return;
    // Until the participant of this offer exists (a first join or a re-attach), its candidates wait.
    if (call.agentJoinedWith !== offerId) call.candidates.push(candidate);
    else await call.agent?.trickle(candidate);
  }

  private async offerReady(agentId: string, { since, withinMs }: { since?: Date; withinMs: number }): Promise<boolean> {
    return this.offerWaiters.wait(agentId, withinMs, () => {
      const offer = this.offers.get(agentId);
      if (offer && since && offer.takenAt < since.getTime()) this.offers.delete(agentId);
      return this.offers.has(agentId) || this.liveLine(agentId) !== undefined;
    });
  }

  /** An ICE restart is a new offer on the agent's room handle (AudioBridge `configure` with a JSEP offer). */
  private async restartIce(agentId: string, offer: { offerId: string; sdp: string }): Promise<string> {
    const call = this.agentCalls.get(agentId);
    if (!call?.agent || call.offerId !== offer.offerId || !call.answered || call.ending)
      throw new Error('No connected call on this connection');
    return call.agent.renegotiate(offer.sdp);
  }

  // --- events -----------------------------------------------------------------------------------------

  private finishEnd(callId: string, event: ProviderEvent & { callId: string }): Promise<void> {
    return publishEnd((e) => this.publish(e), event, this.timings.idleMs);
  }

  private publish(event: ProviderEvent): Promise<CallProgress | null> {
    return publishRetrying((e) => this.bus.publish(e), event, this.options.log);
  }
}
