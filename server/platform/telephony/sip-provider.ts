import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { TIMINGS } from '../../../shared/constants.js';
import type { SipConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { mixCallRecording, removeRecordingFiles, settledRecordingFiles } from './call-recording.js';
import { JanusSession, type JanusEvent } from './janus-client.js';
import { OfferWaiters, publishEnd, publishRetrying } from './provider-steps.js';
import { dialResultOf } from './dial-result.js';
import type { DialResult, SipCause } from '../../../shared/schemas/dialer/dial-result.js';
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
 * The SIP provider: the server drives Janus's SIP plugin over the Janus HTTP API, the agent's browser sends and
 * receives the audio over WebRTC with Janus, and Janus places the SIP call (G.711 RTP) to the carrier.
 *
 * - One Janus session and one SIP plugin handle per agent, made when the agent connects the phone (or, after an API
 *   restart, at the first call). Every handle uses the deployment's one SIP account (a trunk): registrar, proxy,
 *   username and password stay in the server's environment and never reach a browser; the caller ID shown to leads
 *   is SIP_CALLER_ID. One trunk and not an account per agent because carriers sell outbound trunks, not extensions,
 *   and an agent joining needs no provisioning at the carrier. A PBX with one extension per agent would need the
 *   credentials stored per agent (not built).
 * - The browser's offer waits here until the dialer authorised a call (lead, claim, cap, do-not-call, hours) and
 *   calls `makeCall`: only then does Janus get the `call` request with that offer. A browser alone cannot make Janus
 *   dial anything, it never talks to Janus's API.
 * - Janus's SIP events become the dialer's provider events: `accepted` -> answered; `hangup` before an answer ->
 *   no-answer for 486/600/603 (busy), 408/480/487 and the ring timeout, failed for anything else; `hangup` after an
 *   answer -> hangup (the far end's BYE), or end-complete when the agent ended the call.
 * - An answered call is recorded by Janus, each direction to its own .mjr under SIP_RECORDINGS_DIR (`recording`
 *   request once `accepted`; `recording-started` once Janus confirms). When the call is over the two are decoded with
 *   janus-pp-rec and mixed into one WAV (call-recording.ts), which the dialer stores as the
 *   call's recording (`recording(callId)`).
 *
 * The sessions live in the API process that made them: a call is placed, ended and muted by the process that holds
 * its agent's session (placing a call happens in the API, through `POST /api/dialer/calls`).
 */

interface ActiveCall {
  callId: string;
  offerId: string;
  /** False: the dialer said not to record it (an all-party-consent state without the announcement). */
  record: boolean;
  answered: boolean;
  /** The agent asked to end it: Janus's `hangup` completes the end. */
  ending: boolean;
  /** The ring timeout expired: the hangup that follows is a no-answer. */
  timedOut: boolean;
  answerSent: boolean;
  /** The Janus `call` request went out: trickled candidates go straight to Janus. */
  sent: boolean;
  /** Janus confirmed the `recording` request: the call's .mjr files are being written. */
  recording: boolean;
  answeredAt?: number;
  /** The `answered` event, applied. */
  published?: Promise<unknown>;
  /** Candidates trickled before the `call` request was sent. */
  candidates: Array<MediaCandidate | null>;
  timers: NodeJS.Timeout[];
  /** An ICE restart sent to Janus (`update`), waiting for its answer. */
  restart?: { resolve: (sdp: string) => void; reject: (error: Error) => void };
}

/** How a call's end reaches the dialer: the event, and for an unanswered call why (dialResultOf). */
type CallEnd =
  { type: 'end-complete' | 'hangup' } | { type: 'no-answer' | 'failed'; result?: DialResult; cause?: SipCause };

interface AgentLine {
  agentId: string;
  session: JanusSession;
  handleId: number;
  registered: Promise<void>;
  settleRegistration: { resolve: () => void; reject: (error: Error) => void };
  offer?: { offerId: string; sdp: string; candidates: Array<MediaCandidate | null>; takenAt: number };
  call?: ActiveCall;
}

/** How long an ICE restart may wait for Janus's answer (Janus sends the carrier a re-INVITE first). */
const RESTART_ANSWER_TIMEOUT_MS = 10_000;
/** How long Janus may take to confirm an agent's end before the dialer completes it anyway. */
const END_GRACE_MS = 5_000;
/**
 * Janus closes (and flushes) a call's recorders when the call's media is torn down, just after its `hangup` event:
 * the files are read once the handle's PeerConnection is down (the core's `hangup` event), or after this long.
 */
const RECORDER_CLOSE_WAIT_MS = 2_000;
/** A mixed recording may differ from the call's answered time by this much before it is reported. */
const RECORDING_LENGTH_TOLERANCE_S = 1;

export interface SipProviderOptions {
  displayName?: string;
  log?: Logger;
}

export class SipPhoneProvider implements PhoneProvider {
  readonly displayName: string;
  readonly timings: LineTimings = { idleMs: 1_000, autoDialDelayMs: TIMINGS.autoDialDelayMs };
  private readonly bus = providerEvents();
  readonly events = this.bus;
  /** The calls this process places live in its Janus sessions (see server/features/dialer/orphaned-calls.ts). */
  readonly sessionNode = randomUUID();
  private readonly lines = new Map<string, Promise<AgentLine>>();
  private readonly callAgents = new Map<string, string>();
  /** Ended calls' recordings being mixed, until the dialer took them. */
  private readonly recordings = new Map<string, Promise<Buffer | null>>();
  /** The calls this process placed (for a while after their end): only other processes' calls have left-behind files. */
  private readonly placed = new Set<string>();
  /** Per agent: the wait for the handle's PeerConnection to go down (Janus closed the recorders), and when it last did. */
  private readonly mediaDown = new Map<string, () => void>();
  private readonly mediaDownAt = new Map<string, number>();
  /** Auto-dial steps waiting for an agent's next offer (`offerReady`). */
  private readonly offerWaiters = new OfferWaiters();
  readonly media: MediaSignalling;

  constructor(
    private readonly sip: SipConfig,
    private readonly options: SipProviderOptions = {},
  ) {
    // The spec's "Zoom Phone" names the simulator that imitates it; real calls go through the deployment's own carrier.
    this.displayName = options.displayName ?? 'Phone';
    this.media = {
      offer: (agentId, offer) => this.takeOffer(agentId, offer),
      candidate: (agentId, offerId, candidate) => this.takeCandidate(agentId, offerId, candidate),
      offerReady: (agentId, options) => this.offerReady(agentId, options),
      restart: (agentId, offer) => this.restartIce(agentId, offer),
    };
  }

  async initialize(agentId: string): Promise<void> {
    // Only starts the work: `initialized` (or `init-failed`) follows as an event.
    void this.line(agentId).then(
      () => this.publish({ type: 'initialized', agentId }),
      (error) => {
        this.options.log?.warn({ err: error, agentId }, 'Janus session not created');
        return this.publish({ type: 'init-failed', agentId });
      },
    );
  }

  async connect(agentId: string): Promise<void> {
    void this.line(agentId)
      .then((line) => line.registered)
      .then(
        () => this.publish({ type: 'connected', agentId }),
        (error) => {
          this.options.log?.warn({ err: error, agentId }, 'SIP account not registered');
          this.lines.delete(agentId);
          return this.publish({ type: 'init-failed', agentId });
        },
      );
  }

  async makeCall(call: PlacedCall): Promise<void> {
    if (this.callAgents.has(call.callId)) return; // already placed (a re-run)
    const line = await this.line(call.agentId);
    await line.registered;
    const offer = line.offer;
    if (!offer) throw new Error("No WebRTC offer from the agent's browser for this call");
    if (line.call) throw new Error("The agent's line already carries a call");
    line.offer = undefined;
    this.placed.add(call.callId);
    const active: ActiveCall = {
      callId: call.callId,
      offerId: offer.offerId,
      record: call.record !== false,
      answered: false,
      ending: false,
      timedOut: false,
      answerSent: false,
      sent: false,
      recording: false,
      candidates: offer.candidates,
      timers: [],
    };
    line.call = active;
    this.callAgents.set(call.callId, call.agentId);
    try {
      await line.session.message(
        line.handleId,
        { request: 'call', uri: this.uriFor(call.phone), autoaccept_reinvites: false },
        { type: 'offer', sdp: offer.sdp },
      );
    } catch (error) {
      this.forget(line, active);
      throw error;
    }
    active.sent = true;
    for (const candidate of active.candidates.splice(0))
      await line.session.trickle(line.handleId, candidate).catch(() => undefined);
    active.timers.push(
      setTimeout(() => {
        if (line.call !== active || active.answered || active.ending) return;
        active.timedOut = true;
        void line.session
          .message(line.handleId, { request: 'hangup' })
          .catch((error) => this.options.log?.warn({ err: error }, 'ring timeout hangup not sent'));
      }, this.sip.ringTimeoutMs),
    );
  }

  async endCall(callId: string): Promise<void> {
    const line = await this.lineOfCall(callId);
    const active = line?.call?.callId === callId ? line.call : undefined;
    if (!line || !active) {
      // Nothing at Janus (ended meanwhile, or another process's call): complete the end here.
      void this.finishEnd(callId, 'end-complete');
      return;
    }
    active.ending = true;
    await line.session.message(line.handleId, { request: 'hangup' });
    active.timers.push(
      setTimeout(() => {
        if (line.call === active) {
          this.forget(line, active);
          void this.finishEnd(callId, 'end-complete');
        }
      }, END_GRACE_MS),
    );
  }

  /** Mute is the browser's: its tab disables the microphone track when the pushed call says muted. */
  async setMuted(callId: string, muted: boolean): Promise<void> {
    setImmediate(() => void this.publish({ type: 'mute-changed', callId, muted }));
  }

  /**
   * The ended call's two directions mixed into one WAV (null: nothing was recorded). Asked once by the dialer when
   * it stores the end of an answered call; the files are removed once mixed.
   */
  async recording(callId: string): Promise<Buffer | null> {
    const mixing = this.recordings.get(callId) ?? (this.placed.has(callId) ? undefined : this.leftBehind(callId));
    if (!mixing) return null;
    try {
      return await mixing;
    } finally {
      // Kept a little for a retried transition, then dropped.
      setTimeout(() => this.recordings.delete(callId), 60_000).unref();
    }
  }

  /**
   * The recording of a call another process placed and died holding (the orphan sweep ended it here): Janus kept
   * writing its files under the shared SIP_RECORDINGS_DIR until it destroyed that process's session; they are mixed
   * once they stop growing, from the first packet (the answer time died with the process).
   */
  private leftBehind(callId: string): Promise<Buffer | null> | undefined {
    const base = this.recordingBase(callId);
    const mixing = (async () => {
      if (!(await settledRecordingFiles(base))) return null;
      const mixed = await mixCallRecording(base);
      removeRecordingFiles(base);
      return mixed?.wav ?? null;
    })().catch((error: unknown) => {
      this.options.log?.warn({ err: error, callId }, 'left-behind call recording not converted');
      return null;
    });
    this.recordings.set(callId, mixing);
    return mixing;
  }

  /** Ends every Janus session (their calls are hung up by Janus). */
  async close(): Promise<void> {
    const lines = await Promise.allSettled([...this.lines.values()]);
    this.lines.clear();
    await Promise.all(
      lines.map((result) => (result.status === 'fulfilled' ? result.value.session.destroy() : undefined)),
    );
  }

  // --- signalling from the browser ---------------------------------------------------------------

  private async takeOffer(agentId: string, offer: { offerId: string; sdp: string }): Promise<void> {
    const line = await this.line(agentId);
    line.offer = { ...offer, candidates: [], takenAt: Date.now() };
    this.offerWaiters.wake(agentId);
  }

  /** Only looks at lines this process holds: it never opens a Janus session for a waiting auto-dial step. */
  private async offerReady(agentId: string, { since, withinMs }: { since?: Date; withinMs: number }): Promise<boolean> {
    return this.offerWaiters.wait(agentId, withinMs, async () => {
      const line = await this.lines.get(agentId)?.catch(() => undefined);
      if (line?.offer && since && line.offer.takenAt < since.getTime()) line.offer = undefined;
      return Boolean(line?.offer);
    });
  }

  /**
   * The tab's ICE-restart offer for its connected call goes to Janus's SIP plugin as `update` (Janus restarts ICE
   * towards the browser and re-INVITEs the carrier); the answer comes back as an `accepted` event with a JSEP answer.
   */
  private async restartIce(agentId: string, offer: { offerId: string; sdp: string }): Promise<string> {
    const line = await this.lines.get(agentId);
    const active = line?.call;
    if (!line || !active || active.offerId !== offer.offerId || !active.answered || active.ending)
      throw new Error('No connected call on this connection');
    if (active.restart) throw new Error('An ICE restart is already under way');
    let pending!: NonNullable<ActiveCall['restart']>;
    const answer = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => settle(new Error('Janus did not answer the ICE restart')),
        RESTART_ANSWER_TIMEOUT_MS,
      );
      const settle = (result: string | Error) => {
        clearTimeout(timer);
        if (active.restart === pending) active.restart = undefined;
        if (typeof result === 'string') resolve(result);
        else reject(result);
      };
      pending = { resolve: (sdp: string) => settle(sdp), reject: (error: Error) => settle(error) };
    });
    active.restart = pending;
    try {
      await line.session.message(line.handleId, { request: 'update' }, { type: 'offer', sdp: offer.sdp });
    } catch (error) {
      pending.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return answer;
  }

  private async takeCandidate(agentId: string, offerId: string, candidate: MediaCandidate | null): Promise<void> {
    const line = await this.lines.get(agentId);
    if (!line) return;
    if (line.offer?.offerId === offerId) {
      line.offer.candidates.push(candidate);
      return;
    }
    const active = line.call;
    if (active?.offerId !== offerId) return;
    if (!active.sent) active.candidates.push(candidate);
    else await line.session.trickle(line.handleId, candidate);
  }

  // --- Janus sessions ------------------------------------------------------------------------------

  private line(agentId: string): Promise<AgentLine> {
    const existing = this.lines.get(agentId);
    if (existing) return existing;
    const made = this.openLine(agentId);
    this.lines.set(agentId, made);
    made.catch(() => {
      if (this.lines.get(agentId) === made) this.lines.delete(agentId);
    });
    return made;
  }

  private async openLine(agentId: string): Promise<AgentLine> {
    const { janusUrl, janusApiSecret, proxy } = this.sip;
    if (!janusUrl || !janusApiSecret || !proxy)
      throw new Error('PHONE_PROVIDER=sip has no Janus gateway or SIP proxy configured');
    // Events may arrive before the line is complete: they wait in `pending`.
    const made: { line?: AgentLine } = {};
    const pending: JanusEvent[] = [];
    const session = await JanusSession.create(janusUrl, janusApiSecret, {
      onEvent: (event) => (made.line ? this.onJanusEvent(made.line, event) : pending.push(event)),
      onGone: (error) => {
        this.options.log?.warn({ err: error, agentId }, 'Janus session lost');
        if (made.line) this.dropLine(made.line);
      },
    });
    const handleId = await session.attach('janus.plugin.sip');
    let settleRegistration!: AgentLine['settleRegistration'];
    const registered = new Promise<void>((resolve, reject) => (settleRegistration = { resolve, reject }));
    registered.catch(() => undefined);
    const line: AgentLine = { agentId, session, handleId, registered, settleRegistration };
    made.line = line;
    for (const event of pending.splice(0)) this.onJanusEvent(line, event);
    const host = new URL(proxy.replace(/^sips?:/, 'http://')).host;
    const callerId = this.sip.callerId;
    await session.message(handleId, {
      request: 'register',
      ...(this.sip.username
        ? {
            username: this.sip.username,
            secret: this.sip.password ?? '',
            send_register: this.sip.register,
            proxy,
            ...(this.sip.outboundProxy ? { outbound_proxy: this.sip.outboundProxy } : {}),
          }
        : // No account: a guest sends no REGISTER; its From names the agent at the carrier's host.
          {
            type: 'guest',
            username: `sip:agent-${agentId}@${host}`,
            proxy,
            ...(this.sip.outboundProxy ? { outbound_proxy: this.sip.outboundProxy } : {}),
          }),
      ...(callerId ? { display_name: callerId } : {}),
    });
    return line;
  }

  private dropLine(line: AgentLine): void {
    if (this.lines.get(line.agentId) !== undefined) this.lines.delete(line.agentId);
    line.settleRegistration.reject(new Error('Janus session lost'));
    const active = line.call;
    if (active) {
      this.forget(line, active);
      void this.finishEnd(active.callId, active.ending ? 'end-complete' : active.answered ? 'hangup' : 'failed');
    }
  }

  private async lineOfCall(callId: string): Promise<AgentLine | undefined> {
    const agentId = this.callAgents.get(callId);
    return agentId ? this.lines.get(agentId) : undefined;
  }

  private uriFor(phone: string): string {
    const digits = phone.replace(/\D/g, '');
    const host = new URL((this.sip.proxy ?? '').replace(/^sips?:/, 'http://')).host;
    return `sip:${digits}@${host}`;
  }

  private onJanusEvent(line: AgentLine, event: JanusEvent): void {
    if (event.janus === 'hangup') {
      this.mediaDownAt.set(line.agentId, Date.now());
      this.mediaDown.get(line.agentId)?.();
    }
    const active = line.call;
    if (event.janus === 'trickle' && active) {
      const c = event.candidate;
      void this.publish({
        type: 'media-candidate',
        agentId: line.agentId,
        offerId: active.offerId,
        candidate:
          !c || c.completed
            ? null
            : { candidate: c.candidate ?? '', sdpMid: c.sdpMid ?? null, sdpMLineIndex: c.sdpMLineIndex ?? null },
      });
      return;
    }
    if (event.janus !== 'event' || !event.plugin) return;
    const { result, error } = event.plugin;
    const name = result?.event;
    if (name === 'registered') return line.settleRegistration.resolve();
    if (name === 'registration_failed')
      return line.settleRegistration.reject(
        new Error(`SIP registration failed: ${result?.code ?? ''} ${result?.reason ?? ''}`.trim()),
      );
    if (!active) {
      if (error) line.settleRegistration.reject(new Error(`Janus SIP plugin: ${error}`));
      return;
    }
    if (active.restart && (event.jsep?.type === 'answer' || error)) {
      // The answer to an ICE restart, or the plugin refused the `update`: the call itself goes on.
      if (event.jsep?.type === 'answer') active.restart.resolve(event.jsep.sdp);
      else active.restart.reject(new Error(`Janus SIP plugin: ${error}`));
      return;
    }
    if (event.jsep?.type === 'answer' && !active.answerSent) {
      active.answerSent = true;
      void this.publish({
        type: 'media-answer',
        agentId: line.agentId,
        callId: active.callId,
        offerId: active.offerId,
        sdp: event.jsep.sdp,
      });
    }
    if (error) {
      // The call request itself was refused (bad SDP, bad URI): nothing was dialed.
      this.options.log?.warn({ error, callId: active.callId }, 'Janus refused the call');
      this.forget(line, active);
      void this.finishEnd(active.callId, 'failed');
      return;
    }
    if (name === 'accepted') {
      if (active.ending || active.timedOut) return;
      active.answered = true;
      active.answeredAt = Date.now();
      active.published = this.publish({ type: 'answered', callId: active.callId });
      if (active.record) void this.startRecording(line, active);
    } else if (name === 'recordingupdated') {
      if (active.recording || !active.answered) return;
      active.recording = true;
      // After the dialer holds the call as connected, so that it applies.
      void active.published?.then(() => this.publish({ type: 'recording-started', callId: active.callId }));
    } else if (name === 'ringing' || name === 'progress') {
      // 180 Ringing, or 183 with SDP (`progress`): the carrier's own ringback or announcement, already relayed to the
      // tab with the answer above, so the tab must not add its local tone to it.
      if (active.answered || active.ending) return;
      void this.publish({
        type: 'ringing',
        callId: active.callId,
        ...(name === 'progress' ? { earlyMedia: true } : {}),
      });
    } else if (name === 'hangup') {
      this.forget(line, active);
      if (active.recording) this.recordings.set(active.callId, this.mixRecording(line.agentId, active));
      void this.finishEnd(active.callId, this.endingFor(active, result?.code, result?.reason));
    }
  }

  private recordingBase(callId: string): string {
    return path.join(this.sip.recordingsDir, callId);
  }

  private async startRecording(line: AgentLine, active: ActiveCall): Promise<void> {
    if (line.call !== active || active.ending) return;
    try {
      mkdirSync(this.sip.recordingsDir, { recursive: true });
      await line.session.message(line.handleId, {
        request: 'recording',
        action: 'start',
        audio: true,
        peer_audio: true,
        filename: this.recordingBase(active.callId),
      });
    } catch (error) {
      this.options.log?.warn({ err: error, callId: active.callId }, 'call recording not started');
    }
  }

  /** Waits for Janus to close the call's recorders, then mixes the two directions. */
  private async mixRecording(agentId: string, active: ActiveCall): Promise<Buffer | null> {
    const endedAt = Date.now();
    const alreadyDown = (this.mediaDownAt.get(agentId) ?? 0) >= (active.answeredAt ?? endedAt);
    if (!alreadyDown)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, RECORDER_CLOSE_WAIT_MS);
        const previous = this.mediaDown.get(agentId);
        this.mediaDown.set(agentId, done);
        function done() {
          clearTimeout(timer);
          previous?.();
          resolve();
        }
      });
    this.mediaDown.delete(agentId);
    const base = this.recordingBase(active.callId);
    try {
      const answeredAt = active.answeredAt ?? endedAt;
      const mixed = await mixCallRecording(base, { answeredUs: answeredAt * 1_000, endedUs: endedAt * 1_000 });
      if (!mixed) return null;
      const answeredSeconds = (endedAt - answeredAt) / 1_000;
      if (
        Math.abs(mixed.seconds - answeredSeconds) > RECORDING_LENGTH_TOLERANCE_S ||
        answeredSeconds - mixed.audioSeconds > RECORDING_LENGTH_TOLERANCE_S
      ) {
        this.options.log?.warn(
          { callId: active.callId, recordingSeconds: mixed.seconds, audioSeconds: mixed.audioSeconds, answeredSeconds },
          'call recording length differs from the call',
        );
      }
      try {
        removeRecordingFiles(base);
      } catch (error) {
        this.options.log?.warn({ err: error, callId: active.callId }, 'call recording files not removed');
      }
      return mixed.wav;
    } catch (error) {
      this.options.log?.warn({ err: error, callId: active.callId }, 'call recording not converted');
      return null;
    }
  }

  /**
   * Busy, no answer and declined end as rung out; a number not in service, or anything else, failed to connect ("Call
   * failed to connect"), as the simulator does; each with its result and SIP cause.
   */
  private endingFor(active: ActiveCall, code: number | undefined, reason: string | undefined): CallEnd {
    if (active.ending) return { type: 'end-complete' };
    if (active.answered) return { type: 'hangup' };
    const { result, cause } = dialResultOf({ code, reason, timedOut: active.timedOut });
    return {
      type: result === 'failed' || result === 'not-in-service' ? 'failed' : 'no-answer',
      result,
      ...(cause ? { cause } : {}),
    };
  }

  private forget(line: AgentLine, active: ActiveCall): void {
    for (const timer of active.timers) clearTimeout(timer);
    active.restart?.reject(new Error('The call ended'));
    if (line.call === active) line.call = undefined;
    this.callAgents.delete(active.callId);
    // Long after the dialer asked for its recording.
    setTimeout(() => this.placed.delete(active.callId), 10 * 60_000).unref();
  }

  /** Publishes how the call ended, then frees the line `idleMs` after the stored end. */
  private finishEnd(callId: string, end: CallEnd | CallEnd['type']): Promise<void> {
    return publishEnd(
      (e) => this.publish(e),
      { ...(typeof end === 'string' ? { type: end } : end), callId } as ProviderEvent & { callId: string },
      this.timings.idleMs,
    );
  }

  private publish(event: ProviderEvent): Promise<CallProgress | null> {
    return publishRetrying((e) => this.bus.publish(e), event, this.options.log);
  }
}
