// Transfer to an owner's closing desk (issue 30): an outside number or SIP address, not an agent of the app. The
// desk's leg is placed like the lead's (its own RTP relay, a plain-RTP participant of the call's room, the same SIP
// trunk) and joins the call: the opener, the desk and the lead talk. Handing the lead over takes the call out of the
// agent's hands: the agent's participant leaves, and the room with the lead's and the desk's legs becomes a bridge no
// agent holds, until either side hangs up (docs/telephony.md, "Transfer to a closing desk").
import type { Logger } from '../logger.js';
import type { AudioBridgeRooms, RoomParticipant } from './audio-bridge.js';
import { mediaOf, offerSdp } from './leg-sdp.js';
import { DeskNotReached } from './phone-provider.js';
import type { AgentLine, RoomCall } from './room-provider.js';
import { RtpRelay } from './rtp-relay.js';
import type { SipCallRequest, SipLeg, SipUserAgent } from './sip-leg.js';

/** What the room provider lends the desks: its calls and agents' rooms, its gateway and SIP stack. */
export interface DeskRooms {
  calls: Map<string, RoomCall>;
  agentCalls: Map<string, RoomCall>;
  lines: Map<string, AgentLine>;
  roomClient(): Promise<AudioBridgeRooms>;
  sipAgent(): Promise<SipUserAgent>;
  legRequest(number: string, agentId: string): Omit<SipCallRequest, 'sdp'>;
  ringTimeoutMs(): number;
  log(): Logger | undefined;
  /** The answered desk hung up before the hand-over: the dialer tells the opener (`desk-left`). */
  deskLeft(callId: string): void;
}

interface Bridge {
  call: RoomCall;
  desk: DeskLeg;
  over: Promise<void>;
  ended: () => void;
}

interface DeskLeg {
  relay: RtpRelay;
  participant: RoomParticipant;
  leg?: SipLeg;
  answered: boolean;
  /** The desk hung up: before the hand-over it leaves the call, after it ends the bridge. */
  onBye: () => void;
}

export class RoomDesks {
  /** Desk legs ringing or on a call, by call id. */
  private readonly desks = new Map<string, DeskLeg>();
  /** Calls handed to their desk: the lead and the desk talk, no agent; `over` resolves once both legs are gone. */
  private readonly bridges = new Map<string, Bridge>();

  constructor(private readonly rooms: DeskRooms) {}

  /** Rings the desk into the call's room; resolves once it answered, rejects (`DeskNotReached`) otherwise. */
  async dial(callId: string, number: string): Promise<void> {
    const call = this.rooms.calls.get(callId);
    if (!call?.room || !call.answered || call.over || call.ending) throw new DeskNotReached('No connected call');
    if (this.desks.has(callId)) throw new DeskNotReached('A desk is already on this call');
    const [rooms, userAgent] = await Promise.all([this.rooms.roomClient(), this.rooms.sipAgent()]);
    const relay = await RtpRelay.open(userAgent.address);
    const { participant, janus } = await rooms.joinRtp(call.room.room, 'desk', relay.janusSideAddress);
    relay.connectJanus(janus);
    const desk: DeskLeg = { relay, participant, answered: false, onBye: () => this.hungUp(callId, desk) };
    this.desks.set(callId, desk);
    await new Promise<void>((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(ring);
        this.drop(callId, desk);
        reject(new DeskNotReached(why));
      };
      const ring = setTimeout(() => {
        desk.leg?.end();
        fail('no answer');
      }, this.rooms.ringTimeoutMs());
      desk.leg = userAgent.call(
        { ...this.rooms.legRequest(number, call.agentId), sdp: offerSdp(relay.farSideAddress) },
        {
          onProgress: (_status, sdp) => {
            const far = sdp ? mediaOf(sdp) : undefined;
            if (far) relay.connectFar(far);
          },
          onAnswered: (sdp) => {
            clearTimeout(ring);
            const far = mediaOf(sdp);
            if (far) relay.connectFar(far);
            relay.farSendsOnly = /^a=(sendonly|inactive)\s*$/m.test(sdp);
            if (call.over || this.desks.get(callId) !== desk) {
              desk.leg?.end();
              return fail('the call ended');
            }
            desk.answered = true;
            resolve();
          },
          onRejected: (status, reason) => fail(`${status} ${reason}`),
          onRemoteBye: () => desk.onBye(),
        },
      );
    });
  }

  /**
   * The opener leaves the lead with the desk: the call is no longer the agent's (nor the dialer's), and its room,
   * the lead's leg and the desk's leg stay together until one side hangs up. The call's recording goes on until then
   * (the desk's part is the call's too): `bridgeOver` tells when it is complete.
   */
  async handOver(callId: string): Promise<void> {
    const call = this.rooms.calls.get(callId);
    const desk = this.desks.get(callId);
    if (!call?.room || call.over || !desk?.answered) throw new DeskNotReached('No desk on this call');
    this.desks.delete(callId);
    call.over = true;
    for (const timer of call.timers) clearTimeout(timer);
    this.rooms.calls.delete(callId);
    if (this.rooms.agentCalls.get(call.agentId) === call) this.rooms.agentCalls.delete(call.agentId);
    // The room goes with the bridge: the opener's next call makes the opener a new room.
    if (this.rooms.lines.get(call.agentId)?.room.room === call.room.room) this.rooms.lines.delete(call.agentId);
    let ended = () => {};
    const over = new Promise<void>((resolve) => (ended = resolve));
    const bridge: Bridge = { call, desk, over, ended };
    this.bridges.set(callId, bridge);
    call.bridgedLeadBye = () => void this.endBridge(bridge, 'lead');
    desk.onBye = () => void this.endBridge(bridge, 'desk');
    await call.agent?.leave().catch(() => undefined);
  }

  /** Resolves once the call's bridge to a desk (if any) is over and its recording complete. */
  bridgeOver(callId: string): Promise<void> {
    return this.bridges.get(callId)?.over ?? Promise.resolve();
  }

  /** The call ended while its desk rang or talked with the opener: the desk's leg goes too. */
  async callOver(callId: string): Promise<void> {
    const desk = this.desks.get(callId);
    if (!desk) return;
    desk.leg?.end();
    this.drop(callId, desk);
  }

  /** The process stops: every bridge is hung up at both ends. */
  async close(): Promise<void> {
    for (const bridge of [...this.bridges.values()]) await this.endBridge(bridge, 'server');
    for (const [callId, desk] of [...this.desks]) {
      desk.leg?.end();
      this.drop(callId, desk);
    }
  }

  /** The desk's BYE while it talked with the opener and the lead: its leg leaves, the call goes on without it. */
  private hungUp(callId: string, desk: DeskLeg): void {
    const onCall = this.desks.get(callId) === desk && desk.answered;
    this.drop(callId, desk);
    if (onCall) this.rooms.deskLeft(callId);
  }

  private drop(callId: string, desk: DeskLeg): void {
    if (this.desks.get(callId) === desk) this.desks.delete(callId);
    desk.relay.close();
    void desk.participant.leave().catch(() => undefined);
  }

  private async endBridge(bridge: Bridge, hungUp: 'lead' | 'desk' | 'server'): Promise<void> {
    if (this.bridges.get(bridge.call.callId) !== bridge) return;
    const { call, desk } = bridge;
    if (hungUp !== 'desk') desk.leg?.end();
    if (hungUp !== 'lead') call.leg?.end();
    await call.relay?.stopRecording();
    this.bridges.delete(call.callId);
    bridge.ended();
    call.relay?.close();
    desk.relay.close();
    await Promise.all([call.lead?.leave(), desk.participant.leave()].map((left) => left?.catch(() => undefined)));
    const rooms = await this.rooms.roomClient().catch(() => undefined);
    await rooms?.destroyRoom(call.room!).catch(() => undefined);
    this.rooms.log()?.info({ callId: call.callId, hungUp }, 'closing desk bridge ended');
  }
}
