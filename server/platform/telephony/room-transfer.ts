import type { AudioBridgeRooms, RoomParticipant } from './audio-bridge.js';
import {
  TransferMediaNotReady,
  type CallTransfers,
  type MediaCandidate,
  type ProviderEvent,
} from './phone-provider.js';
import type { RoomDesks } from './room-desk.js';
import type { AgentLine, AgentOffer, RoomCall } from './room-provider.js';

/**
 * What the room provider lends its transfers: its calls and agents' rooms, and its steps. The maps are the provider's
 * own, so a call handed over is found under its new agent at once (reattach, mute, end, agent-lost).
 */
export interface TransferableRooms {
  calls: Map<string, RoomCall>;
  agentCalls: Map<string, RoomCall>;
  lines: Map<string, AgentLine>;
  /** The agent's offer held for their next call, taken away (the closer's tab sends one just before accepting). */
  takeOffer(agentId: string): AgentOffer | undefined;
  /** The agent's participant kept in their own room between calls, while its media is up. */
  liveLine(agentId: string): AgentLine | undefined;
  roomClient(): Promise<AudioBridgeRooms>;
  watchAgent(call: RoomCall, participant: RoomParticipant): void;
  publish(event: ProviderEvent): Promise<unknown>;
  /** Closing desks on the provider's calls (room-desk.ts). */
  desks: RoomDesks;
}

/** The closer's tab while it is a second participant of the opener's call (warm transfer, or a blind one joining). */
interface Guest {
  agentId: string;
  offerId: string;
  candidates: Array<MediaCandidate | null>;
  participant?: RoomParticipant;
  /** Janus saw the closer's media (webrtcup): the room it ends up in can use the participant for the next call. */
  mediaUp: boolean;
  /** The closer's own room, which their kept participant left for the call's: it goes once the guest does. */
  home?: { room: number; secret: string };
  joined: Promise<void>;
}

/**
 * Transfers in the room model (SIP_CALL_MODEL=room). A call lives in its agent's room with the lead's RTP participant
 * in it, so a transfer never touches the lead's leg or the relay:
 * - join: the closer's tab joins the call's room as a second WebRTC participant, and the three talk; the lead hears
 *   the opener all along, never silence. A tab that kept its connection from an earlier call (its participant is in
 *   the closer's own room, ICE and DTLS up) moves that participant into the call's room (`changeroom`): nothing is
 *   negotiated after Accept, so the closer hears the call within one audio trip. Otherwise the fresh offer the tab
 *   sent just before accepting joins.
 * - handOver: the room becomes the closer's room (their tab's participant stays in it between calls, as in any
 *   agent's room), the opener's participant leaves it and the opener's next call makes the opener a new room. The
 *   closer's previous room, if any, goes (with its participant, unless that participant is the one that moved in).
 * Measured join -> the closer hears the lead: docs/performance.md, "Transfers".
 */
export class RoomTransfers implements CallTransfers {
  private readonly guests = new Map<string, Guest>();

  constructor(private readonly rooms: TransferableRooms) {}

  async join(callId: string, closerId: string): Promise<void> {
    const call = this.rooms.calls.get(callId);
    if (!call?.room || call.over || call.ending || !call.answered) throw new Error('No connected call to join');
    const known = this.guests.get(callId);
    if (known?.agentId === closerId) return known.joined;
    const offer = this.rooms.takeOffer(closerId);
    const line = offer ? undefined : this.rooms.liveLine(closerId);
    if (!offer && !line) throw new TransferMediaNotReady("No WebRTC offer from the closer's browser");
    const guest: Guest = {
      agentId: closerId,
      offerId: offer?.offerId ?? line!.offerId!,
      candidates: offer?.candidates ?? [],
      mediaUp: !offer,
      joined: Promise.resolve(),
    };
    guest.joined = offer ? this.joinGuest(call, guest, offer.sdp) : this.moveGuest(call, guest, line!);
    this.guests.set(callId, guest);
    try {
      await guest.joined;
    } catch (error) {
      if (this.guests.get(callId) === guest) this.guests.delete(callId);
      throw error;
    }
  }

  async handOver(callId: string, closerId: string): Promise<void> {
    await this.join(callId, closerId);
    const call = this.rooms.calls.get(callId);
    const guest = this.guests.get(callId);
    if (!call?.room || call.over || !guest?.participant) throw new Error('The call ended before the hand-over');
    const openerId = call.agentId;
    const openerParticipant = call.agent;
    const previousRoom = this.rooms.lines.get(closerId);
    this.guests.delete(callId);
    // The room is the closer's from now on: their participant stays in it after this call, as in their own room.
    this.rooms.lines.set(closerId, {
      room: call.room,
      agent: guest.participant,
      offerId: guest.offerId,
      mediaUp: guest.mediaUp,
    });
    if (this.rooms.lines.get(openerId)?.room.room === call.room.room) this.rooms.lines.delete(openerId);
    if (call.agentLost) clearTimeout(call.agentLost);
    call.agentLost = undefined;
    Object.assign(call, {
      agentId: closerId,
      agent: guest.participant,
      offerId: guest.offerId,
      agentJoinedWith: guest.offerId,
      candidates: [],
    });
    if (this.rooms.agentCalls.get(openerId) === call) this.rooms.agentCalls.delete(openerId);
    this.rooms.agentCalls.set(closerId, call);
    this.rooms.watchAgent(call, guest.participant);
    await openerParticipant?.leave();
    if (previousRoom && previousRoom.room.room !== call.room.room) {
      await previousRoom.agent?.leave();
      await this.destroy(previousRoom.room);
    }
    if (guest.home) await this.destroy(guest.home);
  }

  async leave(callId: string, closerId: string): Promise<void> {
    const guest = this.guests.get(callId);
    if (guest?.agentId !== closerId) return;
    this.guests.delete(callId);
    await guest.joined.catch(() => undefined);
    // The panel drops its connection when the call does not become the closer's, a kept one too.
    await guest.participant?.leave();
    if (guest.home) await this.destroy(guest.home);
  }

  /** The call is over (any end): a closer still joined as a guest leaves with it, and a desk still ringing or talking. */
  async callOver(callId: string): Promise<void> {
    await this.rooms.desks.callOver(callId);
    const guest = this.guests.get(callId);
    if (guest) await this.leave(callId, guest.agentId);
  }

  dialDesk(callId: string, number: string): Promise<void> {
    return this.rooms.desks.dial(callId, number);
  }

  handOverToDesk(callId: string): Promise<void> {
    return this.rooms.desks.handOver(callId);
  }

  /** Resolves once a call handed to a desk is over (its recording goes on until then). */
  bridgeOver(callId: string): Promise<void> {
    return this.rooms.desks.bridgeOver(callId);
  }

  /** The process stops: calls handed to a desk are hung up. */
  close(): Promise<void> {
    return this.rooms.desks.close();
  }

  /** The closer's candidates for the offer it joined with; false when the candidate is not a guest's. */
  async candidate(agentId: string, offerId: string, candidate: MediaCandidate | null): Promise<boolean> {
    for (const guest of this.guests.values()) {
      if (guest.agentId !== agentId || guest.offerId !== offerId) continue;
      if (guest.participant) await guest.participant.trickle(candidate).catch(() => undefined);
      else guest.candidates.push(candidate);
      return true;
    }
    return false;
  }

  /**
   * The closer's kept participant changes room: it leaves the closer's line (it is the call's guest now) and needs no
   * answer, as the tab's connection is already up.
   */
  private async moveGuest(call: RoomCall, guest: Guest, line: AgentLine): Promise<void> {
    const participant = line.agent!;
    this.rooms.lines.delete(guest.agentId);
    try {
      await participant.changeRoom(call.room!.room, `agent-${guest.agentId}`);
    } catch (error) {
      // Still in its own room: the line stays the closer's.
      if (!this.rooms.lines.has(guest.agentId)) this.rooms.lines.set(guest.agentId, line);
      throw error;
    }
    guest.participant = participant;
    guest.home = line.room;
    participant.onMediaUp = () => void (guest.mediaUp = true);
    if (call.over || this.guests.get(call.callId) !== guest) {
      await participant.leave();
      await this.destroy(line.room);
      throw new Error('The call ended while the closer joined');
    }
  }

  private async destroy(room: { room: number; secret: string }): Promise<void> {
    const rooms = await this.rooms.roomClient().catch(() => undefined);
    await rooms?.destroyRoom(room);
  }

  private async joinGuest(call: RoomCall, guest: Guest, sdp: string): Promise<void> {
    const rooms = await this.rooms.roomClient();
    const { participant, answer } = await rooms.joinWebrtc(call.room!.room, `agent-${guest.agentId}`, sdp);
    if (call.over || this.guests.get(call.callId) !== guest) {
      await participant.leave();
      throw new Error('The call ended while the closer joined');
    }
    guest.participant = participant;
    participant.onMediaUp = () => void (guest.mediaUp = true);
    await this.rooms.publish({
      type: 'media-answer',
      agentId: guest.agentId,
      callId: call.callId,
      offerId: guest.offerId,
      sdp: answer,
    });
    for (const candidate of guest.candidates.splice(0)) await participant.trickle(candidate).catch(() => undefined);
  }
}
