// The lead leg's media between the carrier and the call's AudioBridge room, relayed by the server. Why a relay and not
// the carrier straight into Janus (docs/telephony.md, "Why the server relays the lead's RTP"): AudioBridge 1.1.2
// accepts a plain-RTP participant's packets only from the exact address given at `join` (no latching) and sends it
// nothing before it received one, so a far end that waits to hear first (SIPp's echo, a phone in DTX) deadlocks. The
// relay primes Janus at once, latches onto wherever the far end really sends from, lets the SIP leg offer its SDP in
// the INVITE (carriers expect an early offer), and records both directions as they pass: the recording does not
// depend on Janus and survives it.
import dgram from 'node:dgram';
import { DtmfReceiver } from './dtmf.js';
import { HOLD_FRAME_SAMPLES, playFrames, playHoldTone } from './hold-tone.js';
import { LeadStream } from './lead-stream.js';
import { RelayRecording } from './relay-recording.js';
import type { LeadAudioFeed } from './lead-audio.js';

/**
 * Something that hears and adds to a call's audio as it passes the relay (a coach listening, whispering or barging in:
 * platform/telephony/room-monitor.ts). Each hook gets a 20 ms PCMU payload and returns the payload to send on.
 */
export interface RelayTap {
  /** The lead's audio on its way into the room (what the agent hears of the lead's side). */
  towardsRoom(payload: Buffer): Buffer;
  /** The room's mix on its way to the lead (what the lead hears). */
  towardsLead(payload: Buffer): Buffer;
  /** The relay closed: the call is over. */
  relayClosed(): void;
}

const RTP_HEADER = 12;
const PCMU = 0;
const FRAME_SAMPLES = 160;
/** Packets sent to Janus before the far end sends anything (Janus waits for one). */
const PRIMING_PACKETS = 3;

interface Endpoint {
  ip: string;
  port: number;
}

export class RtpRelay {
  private janus?: Endpoint;
  private far?: Endpoint;
  private farLatched = false;
  /** Our own sequence, timestamp and SSRC towards Janus: the priming packets and the far end's packets are one stream. */
  private seq = Math.floor(Math.random() * 65_536);
  private ts = Math.floor(Math.random() * 2 ** 31);
  private readonly ssrc = Math.floor(Math.random() * 2 ** 32) >>> 0;
  private farTs0?: number;
  private tsBase = 0;
  /** Both directions, streamed to SIP_RECORDINGS_DIR from the answer on (relay-recording.ts). */
  private recorder?: RelayRecording;
  /** Packets the far end sent and Janus sent, hold-tone and announcement frames sent to the lead (tests, quality). */
  readonly counts = { fromFar: 0, fromJanus: 0, holdFrames: 0, announcementFrames: 0 };
  lastFarPacketAt = 0;
  /** Coaches hearing and adding to the call (room-monitor.ts). */
  private readonly taps = new Set<RelayTap>();
  /** What the lead receives, as one RTP stream: the room's mix, the hold tone, DTMF events (lead-stream.ts). */
  private readonly toLead = new LeadStream();
  /** On hold: stops the tone; the room neither reaches the lead nor hears it meanwhile. */
  private stopHoldTone?: () => void;
  private holdFrame = 0;
  /** While the recording announcement plays: stops it. The lead hears it instead of the room; the room hears the lead. */
  private stopAnnouncement?: () => void;
  private announcementFrame = 0;
  /** The payload type of RFC 4733 events in this call (the far end's answer), if it accepted them. */
  telephoneEvent?: number;
  /** RFC 4733 keys the far end sent (a lead pressing keys; the local carrier's echo returns ours). */
  private farKeys?: DtmfReceiver;
  /** The lead's audio for the objection spotter (issue 31): the far end's direction only, never the room's. */
  private leadTap?: LeadAudioFeed;

  private constructor(
    private readonly janusSide: dgram.Socket,
    private readonly farSide: dgram.Socket,
  ) {
    janusSide.on('message', (packet, from) => this.fromJanus(packet, from));
    farSide.on('message', (packet, from) => this.fromFar(packet, from));
  }

  /** Two UDP sockets on `address`: one Janus sends the mix to, one the carrier sends the lead's audio to. */
  static async open(address: string): Promise<RtpRelay> {
    const bind = () =>
      new Promise<dgram.Socket>((resolve, reject) => {
        const socket = dgram.createSocket('udp4');
        socket.once('error', reject);
        socket.bind(0, address, () => resolve(socket));
      });
    return new RtpRelay(await bind(), await bind());
  }

  /** Where Janus must send (and expect packets from): the `rtp` of the room `join`. */
  get janusSideAddress(): Endpoint {
    const { address, port } = this.janusSide.address();
    return { ip: address, port };
  }

  /** What the SDP towards the carrier names. */
  get farSideAddress(): Endpoint {
    const { address, port } = this.farSide.address();
    return { ip: address, port };
  }

  /** Janus's port for this participant: primed at once, so Janus starts sending the mix. */
  connectJanus(janus: Endpoint): void {
    this.janus = janus;
    for (let i = 0; i < PRIMING_PACKETS; i++) this.sendToJanus(Buffer.alloc(FRAME_SAMPLES, 0xff), i === 0);
  }

  /** The far end's SDP address (early media or the answer); replaced by where it really sends from. */
  connectFar(far: Endpoint): void {
    if (!this.farLatched) this.far = far;
  }

  /** Both directions are written to `<dir>/<callId>-*.ulaw` from now (the answer) until `stopRecording`. */
  startRecording(dir: string, callId: string): void {
    this.recorder ??= new RelayRecording(dir, callId);
  }

  /** The recording's files complete and flushed (takeRelayRecording reads them). */
  async stopRecording(): Promise<void> {
    await this.recorder?.close();
  }

  /**
   * The recording and monitoring announcement (issue 30): the lead hears `audio` (8 kHz mu-law) once, in place of the
   * room, so nothing the agent or a coach says reaches the lead over it; the room keeps hearing the lead. Resolves
   * once it has played (or was cut short by hold or the end of the call). Also a voicemail's greeting to a lead who
   * called in (room-inbound.ts), with no room behind it.
   */
  announce(audio: Buffer): Promise<void> {
    this.stopAnnouncement?.();
    return new Promise((resolve) => {
      const done = () => {
        if (this.stopAnnouncement === cut) this.stopAnnouncement = undefined;
        resolve();
      };
      // Cut short from outside (hold, the end of the call); `stop` exists by then.
      const cut = () => {
        stop();
        done();
      };
      this.stopAnnouncement = cut;
      const stop = playFrames(audio, (frame) => this.sendOwnFrame(frame, 'announcement'), { loop: false, onEnd: done });
    });
  }

  get announcing(): boolean {
    return this.stopAnnouncement !== undefined;
  }

  /** Hold: the lead hears the hold tone instead of the room (or an announcement), and the room stops hearing the lead. */
  hold(): void {
    this.stopAnnouncement?.();
    this.stopHoldTone ??= playHoldTone((frame) => this.sendOwnFrame(frame, 'hold'));
  }

  resume(): void {
    this.stopHoldTone?.();
    this.stopHoldTone = undefined;
  }

  get held(): boolean {
    return this.stopHoldTone !== undefined;
  }

  /** One RFC 4733 event packet into the lead's stream (dtmf.ts paces them). */
  sendEventToLead(payload: Buffer, options: { marker: boolean; timestamp: number }): void {
    if (!this.far || this.telephoneEvent === undefined) return;
    this.farSide.send(this.toLead.packet(this.telephoneEvent, payload, options), this.far.port, this.far.ip);
  }

  /** The lead stream's timestamp now: where a DTMF event starts. */
  leadTimestampNow(): number {
    return this.toLead.timestampNow();
  }

  /** Keys the far end sends as RFC 4733 events are reported here. */
  onFarKey(report: (key: string) => void): void {
    this.farKeys = new DtmfReceiver(report);
  }

  /** The far end answered `sendonly`/`inactive` (RFC 3264): it is sent nothing (SIPp would echo it into its playback). */
  farSendsOnly = false;

  tapLead(feed: LeadAudioFeed): void {
    this.leadTap = feed;
  }

  /** Adds a tap on both directions; the returned function removes it. */
  addTap(tap: RelayTap): () => void {
    this.taps.add(tap);
    return () => this.taps.delete(tap);
  }

  /** The address the relay's sockets are bound to (a tap binds its own socket there). */
  get address(): string {
    return this.janusSide.address().address;
  }

  close(): void {
    for (const tap of [...this.taps]) tap.relayClosed();
    this.taps.clear();
    this.resume();
    this.stopAnnouncement?.();
    void this.stopRecording();
    this.leadTap?.end();
    for (const socket of [this.janusSide, this.farSide]) {
      try {
        socket.close();
      } catch {
        // Already closed.
      }
    }
  }

  private fromJanus(packet: Buffer, from: dgram.RemoteInfo): void {
    if (!this.janus || from.port !== this.janus.port || packet.length <= RTP_HEADER) return;
    this.counts.fromJanus++;
    const header = headerLength(packet);
    if (this.held || this.announcing) return;
    let out = this.toLead.renumber(packet, 'room');
    if ((out[1]! & 0x7f) === PCMU && header < out.length) {
      // A barging coach is mixed in here, so the recording's "what the lead heard" has them too.
      out = withTaps(out, header, this.taps, 'towardsLead');
      this.recorder?.room.add(out.subarray(header), out.readUInt32BE(4));
    }
    if (this.far && !this.farSendsOnly) this.farSide.send(out, this.far.port, this.far.ip);
  }

  /** A frame of the relay's own audio to the lead: the hold tone or the announcement. */
  private sendOwnFrame(frame: Buffer, source: 'hold' | 'announcement'): void {
    const packet = Buffer.alloc(RTP_HEADER + frame.length);
    packet[0] = 0x80;
    packet[1] = PCMU;
    const index = source === 'hold' ? this.holdFrame++ : this.announcementFrame++;
    packet.writeUInt32BE((index * HOLD_FRAME_SAMPLES) >>> 0, 4);
    frame.copy(packet, RTP_HEADER);
    const out = this.toLead.renumber(packet, source);
    // The recording's left channel is what the lead heard: the hold tone and the announcement too.
    this.recorder?.room.add(frame, out.readUInt32BE(4));
    if (source === 'hold') this.counts.holdFrames++;
    else this.counts.announcementFrames++;
    if (this.far) this.farSide.send(out, this.far.port, this.far.ip);
  }

  private fromFar(packet: Buffer, from: dgram.RemoteInfo): void {
    if (packet.length <= RTP_HEADER || (packet[0]! & 0xc0) !== 0x80) return;
    // Symmetric RTP: the far end's real source wins over its SDP (NAT, a media server apart from the signalling).
    if (!this.farLatched) {
      this.far = { ip: from.address, port: from.port };
      this.farLatched = true;
    } else if (from.address !== this.far!.ip || from.port !== this.far!.port) return;
    this.counts.fromFar++;
    this.lastFarPacketAt = Date.now();
    const header = headerLength(packet);
    const timestamp = packet.readUInt32BE(4);
    // DTMF events are not audio: they are read here and never mixed into the room.
    if (this.telephoneEvent !== undefined && (packet[1]! & 0x7f) === this.telephoneEvent)
      return void this.farKeys?.take(packet.subarray(header), timestamp);
    if ((packet[1]! & 0x7f) === PCMU && header < packet.length) {
      this.recorder?.lead.add(packet.subarray(header), timestamp);
      this.leadTap?.push(packet.subarray(header));
    }
    if (this.held) return;
    if (this.farTs0 === undefined) {
      this.farTs0 = timestamp;
      this.tsBase = this.ts;
    }
    const out =
      (packet[1]! & 0x7f) === PCMU && header < packet.length
        ? withTaps(packet, header, this.taps, 'towardsRoom')
        : Buffer.from(packet);
    out.writeUInt16BE(this.seq, 2);
    out.writeUInt32BE((this.tsBase + ((timestamp - this.farTs0) >>> 0)) >>> 0, 4);
    out.writeUInt32BE(this.ssrc, 8);
    this.seq = (this.seq + 1) & 0xffff;
    if (this.janus) this.janusSide.send(out, this.janus.port, this.janus.ip);
  }

  private sendToJanus(payload: Buffer, marker: boolean): void {
    if (!this.janus) return;
    const packet = pcmuPacket(payload, { seq: this.seq, ts: this.ts, ssrc: this.ssrc, marker });
    this.seq = (this.seq + 1) & 0xffff;
    this.ts = (this.ts + FRAME_SAMPLES) >>> 0;
    this.janusSide.send(packet, this.janus.port, this.janus.ip);
  }
}

/** A PCMU RTP packet (no CSRC, no extension) of our own stream. */
export function pcmuPacket(
  payload: Buffer,
  stream: { seq: number; ts: number; ssrc: number; marker?: boolean },
): Buffer {
  const packet = Buffer.alloc(RTP_HEADER + payload.length);
  packet[0] = 0x80;
  packet[1] = (stream.marker ? 0x80 : 0) | PCMU;
  packet.writeUInt16BE(stream.seq, 2);
  packet.writeUInt32BE(stream.ts >>> 0, 4);
  packet.writeUInt32BE(stream.ssrc, 8);
  payload.copy(packet, RTP_HEADER);
  return packet;
}

/** The packet with its payload passed through every tap (a copy; the packet itself is left as it came). */
function withTaps(packet: Buffer, header: number, taps: Set<RelayTap>, hook: 'towardsLead' | 'towardsRoom'): Buffer {
  if (taps.size === 0) return hook === 'towardsRoom' ? Buffer.from(packet) : packet;
  let payload = packet.subarray(header);
  for (const tap of taps) payload = tap[hook](payload);
  return Buffer.concat([packet.subarray(0, header), payload]);
}

function headerLength(packet: Buffer): number {
  let length = RTP_HEADER + 4 * (packet[0]! & 0x0f);
  if (packet[0]! & 0x10 && packet.length >= length + 4) length += 4 + 4 * packet.readUInt16BE(length + 2);
  return length;
}
