// The lead leg's media between the carrier and the call's AudioBridge room, relayed by the server. Why a relay and not
// the carrier straight into Janus (docs/telephony.md, "Why the server relays the lead's RTP"): AudioBridge 1.1.2
// accepts a plain-RTP participant's packets only from the exact address given at `join` (no latching) and sends it
// nothing before it received one, so a far end that waits to hear first (SIPp's echo, a phone in DTX) deadlocks. The
// relay primes Janus at once, latches onto wherever the far end really sends from, lets the SIP leg offer its SDP in
// the INVITE (carriers expect an early offer), and records both directions as they pass: the recording does not
// depend on Janus and survives it.
import dgram from 'node:dgram';
import { wavFile } from './call-recording.js';

const RTP_HEADER = 12;
const PCMU = 0;
const FRAME_SAMPLES = 160;
/** 8 kHz: the recording is of the G.711 leg. */
const RATE = 8_000;
/** Packets sent to Janus before the far end sends anything (Janus waits for one). */
const PRIMING_PACKETS = 3;

/** mu-law byte -> 16-bit sample (G.711). */
export const MULAW = new Int16Array(256).map((_, i) => {
  const u = ~i & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return sign ? -magnitude : magnitude;
});

interface Endpoint {
  ip: string;
  port: number;
}

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

/** One direction of the recording: mu-law frames placed by RTP timestamp from the first packet's arrival. */
class Track {
  private chunks: Buffer[] = [];
  private written = 0;
  private first?: { ts: number; offset: number };

  constructor(private readonly startedAt: () => number | undefined) {}

  add(payload: Buffer, timestamp: number): void {
    const start = this.startedAt();
    if (start === undefined) return;
    if (!this.first)
      this.first = { ts: timestamp, offset: Math.max(0, Math.round(((Date.now() - start) * RATE) / 1_000)) };
    const at = this.first.offset + ((timestamp - this.first.ts) >>> 0);
    // A late or repeated packet (behind what is written) is dropped; a gap is filled with silence (0xff).
    if (at < this.written || at - this.written > RATE * 60) return;
    if (at > this.written) this.push(Buffer.alloc(at - this.written, 0xff));
    this.push(payload);
  }

  samples(length: number): Int16Array {
    const all = Buffer.concat(this.chunks);
    const out = new Int16Array(length);
    for (let i = 0; i < Math.min(length, all.length); i++) out[i] = MULAW[all[i]!]!;
    return out;
  }

  get length(): number {
    return this.written;
  }

  private push(bytes: Buffer): void {
    this.chunks.push(bytes);
    this.written += bytes.length;
  }
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
  private recordFrom?: number;
  private recordUntil?: number;
  private readonly leadTrack = new Track(() => this.recordFrom);
  /** What the lead hears: the room's mix without the lead. */
  private readonly roomTrack = new Track(() => this.recordFrom);
  /** Packets the far end sent and Janus sent (tests and the call's quality). */
  readonly counts = { fromFar: 0, fromJanus: 0 };
  lastFarPacketAt = 0;
  private readonly taps = new Set<RelayTap>();

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

  /** Both directions are recorded from now (the answer) until `stopRecording`. */
  startRecording(): void {
    this.recordFrom ??= Date.now();
  }

  stopRecording(): void {
    if (this.recordFrom !== undefined) this.recordUntil ??= Date.now();
  }

  /** The recording as a 2-channel WAV (left: what the lead heard, the agent's side; right: the lead), or null. */
  recording(): Buffer | null {
    if (this.recordFrom === undefined) return null;
    const until = this.recordUntil ?? Date.now();
    const length = Math.max(
      Math.round(((until - this.recordFrom) * RATE) / 1_000),
      this.leadTrack.length,
      this.roomTrack.length,
    );
    if (length === 0) return null;
    return wavFile([this.roomTrack.samples(length), this.leadTrack.samples(length)], RATE);
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
    this.stopRecording();
    for (const tap of [...this.taps]) tap.relayClosed();
    this.taps.clear();
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
    let out = packet;
    if ((packet[1]! & 0x7f) === PCMU && header < packet.length) {
      // A barging coach is mixed in here, so the recording's "what the lead heard" has them too.
      out = withTaps(packet, header, this.taps, 'towardsLead');
      this.roomTrack.add(out.subarray(header), packet.readUInt32BE(4));
    }
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
    if ((packet[1]! & 0x7f) === PCMU && header < packet.length) this.leadTrack.add(packet.subarray(header), timestamp);
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
