// A coach listening to, whispering into or barging into an agent's call (room model, issue 30).
//
// Why not the coach's browser in the call's own room: an AudioBridge room gives every participant the mix of everyone
// but themselves, so with the coach in it the lead hears the coach whenever the agent does: no whisper. And a second
// "whisper" room would need a second PeerConnection in the agent's tab and in the coach's. The server already relays
// the lead's RTP (rtp-relay.ts), so it builds the three mixes itself:
//
//   coach's browser ──WebRTC──▶ coach's own room ◀──plain RTP── feed socket (this file) ◀── relay taps
//
// - The coach hears the feed: the room's mix towards the lead (the agent, plus a barging coach) plus the lead's own
//   audio, summed here. So the coach hears both sides and never their own voice.
// - The coach's voice comes out of the coach's room towards the feed (the room's mix minus the feed = the coach).
//   Listen: dropped. Whisper: added to the lead's audio on its way into the call room, so the agent hears it and the
//   lead does not (the room never sends a participant its own input). Barge: also added to the mix on its way to the
//   lead, so all three talk.
// Switching modes is a flag here: nothing re-joins, and the coach's connection is never renegotiated.
import dgram from 'node:dgram';
import type { Logger } from '../logger.js';
import type { AudioBridgeRooms, RoomParticipant } from './audio-bridge.js';
import type { MonitorMode } from '../../../shared/schemas/coaching/sessions.js';
import type { CallMonitoring } from './phone-provider.js';
import { MULAW_TO_PCM16, PCM16_TO_MULAW } from '../speech/g711.js';
import { pcmuPacket, type RelayTap, type RtpRelay } from './rtp-relay.js';

const RTP_HEADER = 12;
const PCMU = 0;
const FRAME_SAMPLES = 160;
/** Frames of one voice held for mixing (120 ms): more means the two clocks drifted, the oldest go. */
const MAX_QUEUED_FRAMES = 6;
/**
 * The coach's room buffers each voice 2 packets (40 ms) rather than Janus's 6: its feed comes from this process over
 * loopback, already paced by the call's relay, and every packet of buffer is delay before the coach hears the call.
 */
const COACH_ROOM_PREBUFFER = 2;

/** Two PCMU frames summed (clipped); a missing frame is silence. */
function mixFrames(a: Buffer, b: Buffer | undefined): Buffer {
  if (!b) return a;
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) {
    const sum = MULAW_TO_PCM16[a[i]!]! + (i < b.length ? MULAW_TO_PCM16[b[i]!]! : 0);
    out[i] = PCM16_TO_MULAW[Math.max(-32_768, Math.min(32_767, sum)) + 32_768]!;
  }
  return out;
}

/** A short FIFO of 20 ms frames between two streams that each keep their own clock. */
class FrameQueue {
  private readonly frames: Buffer[] = [];
  push(frame: Buffer): void {
    this.frames.push(Buffer.from(frame));
    if (this.frames.length > MAX_QUEUED_FRAMES) this.frames.shift();
  }
  take(): Buffer | undefined {
    return this.frames.shift();
  }
  clear(): void {
    this.frames.length = 0;
  }
}

/** One coach on one call: their room, the feed socket bridging it to the call's relay, and the mode. */
class MonitorSession implements RelayTap {
  mode: MonitorMode;
  /** The lead's latest audio, for the coach's ear. */
  private readonly lead = new FrameQueue();
  /** The coach's voice, once for the call room (whisper, barge) and once for the lead (barge). */
  private readonly voiceForRoom = new FrameQueue();
  private readonly voiceForLead = new FrameQueue();
  private seq = Math.floor(Math.random() * 65_536);
  private ts = Math.floor(Math.random() * 2 ** 31);
  private readonly ssrc = Math.floor(Math.random() * 2 ** 32) >>> 0;
  private janusFeed?: { ip: string; port: number };
  private removeTap?: () => void;
  coach?: RoomParticipant;
  feedParticipant?: RoomParticipant;
  closed = false;

  constructor(
    readonly callId: string,
    readonly coachId: string,
    readonly room: { room: number; secret: string },
    private readonly socket: dgram.Socket,
    mode: MonitorMode,
    private readonly onRelayClosed: (session: MonitorSession) => void,
  ) {
    this.mode = mode;
    socket.on('message', (packet, from) => this.fromCoachRoom(packet, from));
  }

  get feedAddress(): { ip: string; port: number } {
    const { address, port } = this.socket.address();
    return { ip: address, port };
  }

  /** Janus's port for the feed participant: primed at once (AudioBridge sends nothing before it hears one packet). */
  connect(janus: { ip: string; port: number }, relay: RtpRelay): void {
    this.janusFeed = janus;
    for (let i = 0; i < 3; i++) this.feed(Buffer.alloc(FRAME_SAMPLES, 0xff));
    this.removeTap = relay.addTap(this);
  }

  setMode(mode: MonitorMode): void {
    this.mode = mode;
    if (mode === 'listen') this.voiceForRoom.clear();
    if (mode !== 'barge') this.voiceForLead.clear();
  }

  towardsRoom(payload: Buffer): Buffer {
    this.lead.push(payload);
    return this.mode === 'listen' ? payload : mixFrames(payload, this.voiceForRoom.take());
  }

  towardsLead(payload: Buffer): Buffer {
    // The room's mix towards the lead ticks every 20 ms: it clocks the coach's feed too.
    this.feed(mixFrames(payload, this.lead.take()));
    return this.mode === 'barge' ? mixFrames(payload, this.voiceForLead.take()) : payload;
  }

  relayClosed(): void {
    this.onRelayClosed(this);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.removeTap?.();
    try {
      this.socket.close();
    } catch {
      // Already closed.
    }
    await Promise.all([this.coach?.leave(), this.feedParticipant?.leave()]);
  }

  private fromCoachRoom(packet: Buffer, from: dgram.RemoteInfo): void {
    if (!this.janusFeed || from.port !== this.janusFeed.port || packet.length <= RTP_HEADER) return;
    if ((packet[1]! & 0x7f) !== PCMU || this.mode === 'listen') return;
    const payload = packet.subarray(RTP_HEADER + 4 * (packet[0]! & 0x0f));
    this.voiceForRoom.push(payload);
    if (this.mode === 'barge') this.voiceForLead.push(payload);
  }

  private feed(payload: Buffer): void {
    if (!this.janusFeed || this.closed) return;
    const packet = pcmuPacket(payload, { seq: this.seq, ts: this.ts, ssrc: this.ssrc });
    this.seq = (this.seq + 1) & 0xffff;
    this.ts = (this.ts + FRAME_SAMPLES) >>> 0;
    this.socket.send(packet, this.janusFeed.port, this.janusFeed.ip);
  }
}

interface RoomMonitorOptions {
  rooms: () => Promise<AudioBridgeRooms>;
  /** The relay of an answered, live call of this process (undefined: no such call here). */
  relayOf: (callId: string) => RtpRelay | undefined;
  log?: Logger;
}

/** The coaches on this process's calls (the room provider's `monitoring`). */
export class RoomMonitor implements CallMonitoring {
  private readonly sessions = new Map<string, MonitorSession>();

  /** The coach's browser hears and speaks over WebRTC. */
  readonly media = 'webrtc';

  constructor(private readonly options: RoomMonitorOptions) {}

  async join(request: { callId: string; coachId: string; offer?: string; mode: MonitorMode }): Promise<string> {
    const relay = this.options.relayOf(request.callId);
    if (!relay) throw new Error('The call is not live in this process');
    const { offer } = request;
    if (!offer) throw new Error("A coach joins with their browser's offer");
    await this.leave(request.callId, request.coachId);
    const rooms = await this.options.rooms();
    const [room, socket] = await Promise.all([
      rooms.createRoom({ prebufferPackets: COACH_ROOM_PREBUFFER }),
      bindSocket(relay.address),
    ]);
    const session = new MonitorSession(request.callId, request.coachId, room, socket, request.mode, (gone) => {
      void this.end(gone);
    });
    this.sessions.set(key(request.callId, request.coachId), session);
    try {
      const [feed, coach] = await Promise.all([
        rooms.joinRtp(room.room, 'call-feed', session.feedAddress),
        rooms.joinWebrtc(room.room, `coach-${request.coachId}`, offer),
      ]);
      session.feedParticipant = feed.participant;
      session.coach = coach.participant;
      if (session.closed || !this.options.relayOf(request.callId)) throw new Error('The call ended while joining');
      session.connect(feed.janus, relay);
      return coach.answer;
    } catch (error) {
      await this.end(session);
      throw error;
    }
  }

  async setMode(callId: string, coachId: string, mode: MonitorMode): Promise<void> {
    const session = this.sessions.get(key(callId, coachId));
    if (!session) throw new Error('No such coach on this call');
    session.setMode(mode);
  }

  async leave(callId: string, coachId: string): Promise<void> {
    const session = this.sessions.get(key(callId, coachId));
    if (session) await this.end(session);
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => this.end(session)));
  }

  private async end(session: MonitorSession): Promise<void> {
    const id = key(session.callId, session.coachId);
    if (this.sessions.get(id) === session) this.sessions.delete(id);
    await session.close();
    const rooms = await this.options.rooms().catch(() => undefined);
    await rooms?.destroyRoom(session.room);
  }
}

const key = (callId: string, coachId: string) => `${callId}:${coachId}`;

function bindSocket(address: string): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, address, () => resolve(socket));
  });
}
