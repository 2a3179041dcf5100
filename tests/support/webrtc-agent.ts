// The agent's browser tab for PHONE_PROVIDER=sip tests: a werift RTCPeerConnection with one G.711 audio line that
// signals over the app's Socket.IO connection exactly as client/features/dialer does (phone:offer with its ack,
// phone:answer, phone:candidate both ways), and sends a 440 Hz tone as its "microphone" while counting the audio
// that comes back. With `stamped`, each frame carries its number in its first 4 bytes: frames the echo numbers send
// back give the audio round trip (tab -> Janus -> lead phone -> Janus -> tab; Janus does not transcode, so the
// payload comes back as sent).
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';
import {
  SocketEvents,
  SocketRequests,
  type PhoneAnswerPayload,
  type PhoneCandidatePayload,
  type PhoneOfferAnswer,
  type PhoneRestartAnswer,
} from '../../shared/events.js';
import type { CallStatePayload } from '../../shared/schemas/dialer/state.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { MULAW_TO_PCM16, muLawByte } from '../../server/platform/speech/g711.js';
import { keepEarlyClientHello, watchConnectionSteps, type ConnectionSteps } from './werift-connection.js';

/** 20 ms of a 440 Hz tone in mu-law (160 samples at 8 kHz). */
function toneFrame(phase: number): Buffer {
  const frame = Buffer.alloc(160);
  for (let i = 0; i < 160; i++)
    frame[i] = muLawByte(Math.round(8000 * Math.sin((2 * Math.PI * 440 * (phase + i)) / 8000)));
  return frame;
}

const LOUD_RMS = 1_000;

/** RMS of a G.711 mu-law payload, in 16-bit linear units. */
export function mulawRms(payload: Buffer): number {
  if (payload.length === 0) return 0;
  let sum = 0;
  for (const byte of payload) {
    const sample = MULAW_TO_PCM16[byte]!;
    sum += sample * sample;
  }
  return Math.sqrt(sum / payload.length);
}

export class WebrtcAgentTab {
  readonly offerId = randomBytes(8).toString('hex');
  readonly pc: RTCPeerConnection;
  /** RTP packets received from Janus (the lead phone's audio). */
  received = 0;
  /**
   * Received packets that carry sound (mu-law RMS above ~-30 dBFS): a room mixes silence to a participant nobody
   * else speaks to, so this, not `received`, says the far end is heard. `firstLoudAt`: performance.now() of the first.
   */
  loud = 0;
  firstLoudAt?: number;
  answered?: PhoneAnswerPayload;
  /** When the answer came, ICE and DTLS were up and the first packet arrived (performance.now()). */
  readonly steps: ConnectionSteps;
  /** `stamped`: ms between sending a frame and receiving it back, per frame that came back. */
  readonly echoRoundTrips: number[] = [];
  private readonly sentAt = new Map<number, number>();
  private readonly microphone = new MediaStreamTrack({ kind: 'audio' });
  private sender?: NodeJS.Timeout;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly socket: Socket,
    /** `silent`: the "microphone" sends silence (a participant whose voice must not be mistaken for the lead's). */
    private readonly options: { stamped?: boolean; silent?: boolean } = {},
  ) {
    this.pc = new RTCPeerConnection({
      codecs: {
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })],
      },
      iceUseIpv6: false,
    });
    this.pc.addTransceiver(this.microphone, { direction: 'sendrecv' });
    // As a browser does: Janus's ClientHello may come before this peer's DTLS listens (werift-connection.ts).
    keepEarlyClientHello(this.pc);
    this.steps = watchConnectionSteps(this.pc);
    this.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        this.received++;
        if (mulawRms(rtp.payload) > LOUD_RMS) {
          this.loud++;
          this.firstLoudAt ??= performance.now();
        }
        if (!this.options.stamped || rtp.payload.length < 4) return;
        const number = rtp.payload.readUInt32BE(0);
        const sent = this.sentAt.get(number);
        if (sent === undefined) return;
        this.sentAt.delete(number);
        this.echoRoundTrips.push(performance.now() - sent);
      });
    });
    this.pc.onIceCandidate.subscribe((candidate) => {
      const payload: PhoneCandidatePayload = {
        offerId: this.offerId,
        candidate: candidate
          ? {
              candidate: candidate.candidate,
              sdpMid: candidate.sdpMid ?? null,
              sdpMLineIndex: candidate.sdpMLineIndex ?? null,
            }
          : null,
      };
      socket.emit(SocketRequests.phoneCandidate, payload);
    });
    const onAnswer = (answer: PhoneAnswerPayload) => {
      if (answer.offerId !== this.offerId || this.answered) return;
      this.answered = answer;
      this.steps.answerAt = performance.now();
      void this.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp }).then(() => this.startMicrophone());
    };
    const onCandidate = (payload: PhoneCandidatePayload) => {
      if (payload.offerId === this.offerId && payload.candidate)
        void this.pc.addIceCandidate({
          candidate: payload.candidate.candidate,
          sdpMid: payload.candidate.sdpMid ?? undefined,
          sdpMLineIndex: payload.candidate.sdpMLineIndex ?? undefined,
        });
    };
    socket.on(SocketEvents.phoneAnswer, onAnswer);
    socket.on(SocketEvents.phoneCandidate, onCandidate);
    this.listeners.push(
      () => socket.off(SocketEvents.phoneAnswer, onAnswer),
      () => socket.off(SocketEvents.phoneCandidate, onCandidate),
    );
  }

  /** Makes the offer and hands it to the server; resolves with the server's ack (before the call is started over the API). */
  async offer(): Promise<PhoneOfferAnswer> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    return new Promise((resolve) =>
      this.socket.emit(
        SocketRequests.phoneOffer,
        { offerId: this.offerId, sdp: this.pc.localDescription!.sdp },
        resolve,
      ),
    );
  }

  /** An ICE restart of the connected call, as the panel sends it when the media stalls (`phone:restart`, acked with Janus's answer). */
  async restartIce(): Promise<PhoneRestartAnswer> {
    const offer = await this.pc.createOffer({ iceRestart: true });
    await this.pc.setLocalDescription(offer);
    const answer: PhoneRestartAnswer = await new Promise((resolve) =>
      this.socket.emit(
        SocketRequests.phoneRestart,
        { offerId: this.offerId, sdp: this.pc.localDescription!.sdp },
        resolve,
      ),
    );
    if (answer.ok && answer.sdp) await this.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    return answer;
  }

  private startMicrophone(): void {
    let sequence = randomBytes(2).readUInt16BE();
    let timestamp = randomBytes(4).readUInt32BE();
    const ssrc = randomBytes(4).readUInt32BE();
    let phase = 0;
    this.sender = setInterval(() => {
      const header = new RtpHeader({ payloadType: 0, sequenceNumber: sequence, timestamp, ssrc, marker: false });
      const frame = this.options.silent ? Buffer.alloc(160, 0xff) : toneFrame(phase);
      if (this.options.stamped) {
        frame.writeUInt32BE(phase / 160, 0);
        this.sentAt.set(phase / 160, performance.now());
      }
      this.microphone.writeRtp(new RtpPacket(header, frame));
      sequence = (sequence + 1) & 0xffff;
      timestamp = (timestamp + 160) >>> 0;
      phase += 160;
    }, 20);
  }

  async close(): Promise<void> {
    clearInterval(this.sender);
    for (const off of this.listeners) off();
    await this.pc.close().catch(() => undefined);
  }
}

/**
 * The dialer panel's auto-dial part (client/features/dialer/live.ts and webrtc.ts): the tab that switches auto-dial on
 * sends an offer first; the tab holding a call that ends sends its next offer at once while queued contacts remain;
 * an offer sent for auto-dial is bound to the auto-dialed call the server pushes next (a busy number never answers).
 */
export class WebrtcAutoDialTab {
  /** Every connection this tab offered, in order, with the call it was bound to. */
  readonly offers: Array<{ tab: WebrtcAgentTab; callId?: string; ack?: PhoneOfferAnswer }> = [];
  private autoDial = false;
  private queued = 0;
  private held?: (typeof this.offers)[number];

  constructor(private readonly socket: Socket) {
    socket.on(SocketEvents.queueUpdated, (queue: QueueView) => {
      this.autoDial = queue.autoDial;
      this.queued = queue.contacts.length;
    });
    socket.on(SocketEvents.callState, (payload: CallStatePayload) => {
      const call = payload.call;
      const held = this.held;
      if (!held || !call) return;
      if (!held.callId && call.autoDialed && call.state === 'calling') held.callId = call.id;
      if (held.callId !== call.id || (call.state !== 'ended' && call.state !== 'idle')) return;
      this.held = undefined;
      void held.tab.close();
      if (this.autoDial && this.queued > 0) void this.prepare();
    });
  }

  /** A fresh connection and its offer, as the panel makes them; resolves with the server's ack. */
  async prepare(): Promise<PhoneOfferAnswer> {
    const entry: (typeof this.offers)[number] = { tab: new WebrtcAgentTab(this.socket) };
    this.offers.push(entry);
    this.held = entry;
    entry.ack = await entry.tab.offer();
    return entry.ack;
  }

  async close(): Promise<void> {
    await Promise.all(this.offers.map((entry) => entry.tab.close()));
  }
}
