// Janus's AudioBridge plugin as the call room: one mixing room per call, each participant (the lead's SIP leg as a
// plain-RTP participant, the agent's browser over WebRTC, later a second agent or a listener) its own plugin handle
// in this process's one Janus session. Request shapes are Janus 1.1.2's (docs/telephony.md, "A call is a room").
import { randomBytes } from 'node:crypto';
import { JanusError, JanusSession, type JanusEvent, type JanusJsep } from './janus-client.js';

const PLUGIN = 'janus.plugin.audiobridge';
/** How long an asynchronous AudioBridge request (`join`, `configure`) may wait for its event. */
const EVENT_TIMEOUT_MS = 5_000;
/**
 * Janus reports `media receiving:false` once no packet came for its `no_media_timer` (1 s, the default the local
 * carrier keeps): the last packet was at least this long before the event.
 */
const NO_MEDIA_TIMER_MS = 1_000;

interface Waiter {
  match: (event: JanusEvent) => boolean;
  resolve: (event: JanusEvent) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One participant of a room: a plugin handle that joined it. */
export class RoomParticipant {
  private readonly waiters = new Set<Waiter>();
  /**
   * Set by the owner: the participant's WebRTC media went down (the tab closed, reloaded or lost its network).
   * `silentMs`: how long before this event the last sign of the media was (Janus's no-media timer's delay).
   */
  onMediaDown?: (silentMs: number) => void;
  onMediaUp?: () => void;
  left = false;

  constructor(
    private readonly session: JanusSession,
    readonly handleId: number,
    /** The room the participant is in (it changes with `changeRoom`). */
    public room: number,
  ) {}

  /**
   * Moves the participant to another room on the same handle (AudioBridge `changeroom`): a WebRTC participant keeps
   * its PeerConnection, so nothing is negotiated and its media flows in the new room at once.
   */
  async changeRoom(room: number, display: string): Promise<void> {
    const moved = (e: JanusEvent) => e.plugin?.audiobridge === 'roomchanged';
    await this.ask({ request: 'changeroom', room, display, muted: false }, undefined, moved);
    this.room = room;
  }

  /** Mutes or unmutes what this participant sends into the mix (hold, or a listener who must not be heard). */
  async setMuted(muted: boolean): Promise<void> {
    await this.ask({ request: 'configure', muted });
  }

  async trickle(
    candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null,
  ): Promise<void> {
    await this.session.trickle(this.handleId, candidate);
  }

  /** A new offer on the same handle (an ICE restart, or a reloaded tab's new PeerConnection): the answer SDP. */
  async renegotiate(offer: string): Promise<string> {
    const event = await this.ask({ request: 'configure' }, { type: 'offer', sdp: offer }, (e) => Boolean(e.jsep));
    return event.jsep!.sdp;
  }

  /** Leaves the room and lets the handle go; never throws (the room or Janus may be gone already). */
  async leave(): Promise<void> {
    if (this.left) return;
    this.left = true;
    await this.session.message(this.handleId, { request: 'leave' }).catch(() => undefined);
    await this.session.detach(this.handleId).catch(() => undefined);
    this.fail(new JanusError('left the room'));
  }

  /** Sends an asynchronous request and waits for its event (the plugin's error fails it). */
  async ask(
    body: Record<string, unknown>,
    jsep?: JanusJsep,
    match: (event: JanusEvent) => boolean = () => true,
  ): Promise<JanusEvent> {
    const waited = new Promise<JanusEvent>((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new JanusError(`AudioBridge did not answer "${String(body.request)}"`));
        }, EVENT_TIMEOUT_MS),
      };
      this.waiters.add(waiter);
    });
    waited.catch(() => undefined);
    await this.session.message(this.handleId, body, jsep);
    return waited;
  }

  /** Called by the room client with every event of this handle. */
  deliver(event: JanusEvent): void {
    // A closed tab hangs up (DTLS alert); a killed or offline one just stops sending: Janus's no-media timer says so.
    if (event.janus === 'hangup') this.onMediaDown?.(0);
    if (event.janus === 'media' && event.receiving === false) this.onMediaDown?.(NO_MEDIA_TIMER_MS);
    if (event.janus === 'webrtcup' || (event.janus === 'media' && event.receiving === true)) this.onMediaUp?.();
    if (event.janus !== 'event' || !event.plugin) return;
    const data = event.plugin;
    for (const waiter of this.waiters) {
      if (data.error) {
        this.settle(waiter);
        waiter.reject(new JanusError(`AudioBridge: ${data.error}`, data.error_code));
        return;
      }
      if (waiter.match(event)) {
        this.settle(waiter);
        waiter.resolve(event);
        return;
      }
    }
  }

  fail(error: Error): void {
    for (const waiter of this.waiters) {
      this.settle(waiter);
      waiter.reject(error);
    }
  }

  private settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
  }
}

export interface RoomOptions {
  /** Mixing rate: 16 kHz keeps two browsers (Opus) wideband while G.711 legs are resampled. */
  samplingRate?: number;
  /** Packets each participant's audio is buffered before it is mixed (Janus's default: 6, 120 ms). */
  prebufferPackets?: number;
}

/**
 * This process's rooms: one Janus session (kept alive by janus-client.ts) holding every participant's handle. When
 * Janus goes away the session is gone with every room in it: `onGone` tells the owner once, and the next `open`
 * makes a new session.
 */
export class AudioBridgeRooms {
  private readonly participants = new Map<number, RoomParticipant>();
  /** A handle for the room requests that belong to no participant (create, destroy, play_file). */
  private controlHandle = 0;

  private constructor(private session: JanusSession) {}

  static async open(url: string, apiSecret: string, onGone: (error: unknown) => void): Promise<AudioBridgeRooms> {
    const holder: { rooms?: AudioBridgeRooms } = {};
    const session = await JanusSession.create(url, apiSecret, {
      onEvent: (event) => holder.rooms?.route(event),
      onGone: (error) => {
        holder.rooms?.failAll(error);
        onGone(error);
      },
    });
    const rooms = new AudioBridgeRooms(session);
    holder.rooms = rooms;
    rooms.controlHandle = await session.attach(PLUGIN);
    return rooms;
  }

  get alive(): boolean {
    return this.session.alive;
  }

  /** A fresh room; its id and secret are random, so no client can guess its way into another call's room. */
  async createRoom(options: RoomOptions = {}): Promise<{ room: number; secret: string }> {
    const secret = randomBytes(12).toString('base64url');
    for (let attempt = 0; ; attempt++) {
      const room = 1 + Math.floor(Math.random() * 2 ** 48);
      try {
        await this.session.request(this.controlHandle, {
          request: 'create',
          room,
          secret,
          permanent: false,
          is_private: true,
          sampling_rate: options.samplingRate ?? 16_000,
          allow_rtp_participants: true,
          audiolevel_event: false,
          ...(options.prebufferPackets ? { default_prebuffering: options.prebufferPackets } : {}),
        });
        return { room, secret };
      } catch (error) {
        // 486: the id is taken (astronomically unlikely); anything else is real.
        if (!(error instanceof JanusError) || error.code !== 486 || attempt >= 3) throw error;
      }
    }
  }

  /** Destroys the room (its participants are kicked); never throws, the room may be gone with Janus. */
  async destroyRoom(room: { room: number; secret: string }): Promise<void> {
    await this.session
      .request(this.controlHandle, { request: 'destroy', room: room.room, secret: room.secret })
      .catch(() => undefined);
  }

  /**
   * Joins a plain-RTP participant (a SIP leg, G.711 mu-law) sending to `remote`; resolves with where Janus receives
   * its packets. Janus 1.1.2 sends nothing to it until it received one packet from exactly `remote` (no latching).
   */
  async joinRtp(
    room: number,
    display: string,
    remote: { ip: string; port: number },
  ): Promise<{ participant: RoomParticipant; janus: { ip: string; port: number } }> {
    const participant = await this.attach(room);
    try {
      const joined = await participant.ask(
        { request: 'join', room, display, codec: 'pcmu', rtp: { ip: remote.ip, port: remote.port, payload_type: 0 } },
        undefined,
        (e) => e.plugin?.audiobridge === 'joined',
      );
      const rtp = joined.plugin?.rtp;
      if (!rtp?.port) throw new JanusError('AudioBridge gave the RTP participant no port');
      return { participant, janus: { ip: rtp.ip ?? remote.ip, port: rtp.port } };
    } catch (error) {
      await participant.leave();
      throw error;
    }
  }

  /** Joins a WebRTC participant (the agent's browser) with its offer; resolves with Janus's answer. */
  async joinWebrtc(
    room: number,
    display: string,
    offer: string,
    options: { muted?: boolean } = {},
  ): Promise<{ participant: RoomParticipant; answer: string }> {
    const participant = await this.attach(room);
    try {
      // Browsers offer Opus; a G.711-only peer (a softphone, the tests' werift tab) is joined with what it offers.
      const codec = /opus\/48000/i.test(offer) ? 'opus' : /PCMU\/8000/i.test(offer) ? 'pcmu' : 'pcma';
      const joined = await participant.ask(
        { request: 'join', room, display, codec, muted: options.muted ?? false },
        { type: 'offer', sdp: offer },
        (e) => Boolean(e.jsep),
      );
      return { participant, answer: joined.jsep!.sdp };
    } catch (error) {
      await participant.leave();
      throw error;
    }
  }

  /** Ends the session (its handles leave their rooms); the rooms themselves are destroyed by their calls. */
  async close(): Promise<void> {
    await this.session.destroy();
  }

  private async attach(room: number): Promise<RoomParticipant> {
    const handleId = await this.session.attach(PLUGIN);
    const participant = new RoomParticipant(this.session, handleId, room);
    this.participants.set(handleId, participant);
    return participant;
  }

  private route(event: JanusEvent): void {
    if (event.handleId === undefined) return;
    const participant = this.participants.get(event.handleId);
    if (!participant) return;
    if (event.janus === 'detached') this.participants.delete(event.handleId);
    participant.deliver(event);
  }

  private failAll(error: unknown): void {
    const reason = error instanceof Error ? error : new Error(String(error));
    for (const participant of this.participants.values()) participant.fail(reason);
    this.participants.clear();
  }
}
