import {
  SocketEvents,
  type PhoneAnswerPayload,
  type PhoneCandidatePayload,
  type TransferAvailabilityPayload,
} from '../../../shared/events.js';
import type { DeskTransferView } from '../../../shared/schemas/dialer/desk-transfer.js';
import type { TransferView } from '../../../shared/schemas/dialer/transfer.js';
import type { InboundCallView } from '../../../shared/schemas/dialer/inbound.js';
import type { CallStatePayload } from '../../../shared/schemas/dialer/state.js';
import type { QueueView } from '../../../shared/schemas/dialer/queue.js';
import type { Platform } from '../../platform/context.js';

/** Every tab and device of the agent shows the same phone and call. */
export function emitCallState(platform: Platform, agentId: string, payload: Omit<CallStatePayload, 'emittedAt'>): void {
  // Wall time, not platform.clock: tabs keep the latest state by it, and a test's pinned clock would make every state equally new.
  const full: CallStatePayload = { ...payload, emittedAt: new Date().toISOString() };
  platform.live.toUser(agentId, SocketEvents.callState, full);
}

export function emitQueueUpdated(platform: Platform, agentId: string, queue: QueueView): void {
  platform.live.toUser(agentId, SocketEvents.queueUpdated, queue);
}

/** WebRTC providers: the gateway's answer to the tab's offer, and its ICE candidates, to the agent's tabs (the offer's tab takes them). */
export function emitPhoneAnswer(platform: Platform, agentId: string, payload: PhoneAnswerPayload): void {
  platform.live.toUser(agentId, SocketEvents.phoneAnswer, payload);
}

/** Auto-dial's next call needs a fresh offer from one of the agent's tabs (shared/events.ts `phone:offer-wanted`). */
export function emitPhoneOfferWanted(platform: Platform, agentId: string): void {
  platform.live.toUser(agentId, SocketEvents.phoneOfferWanted, { purpose: 'auto-dial' });
}

export function emitPhoneCandidate(platform: Platform, agentId: string, payload: PhoneCandidatePayload): void {
  platform.live.toUser(agentId, SocketEvents.phoneCandidate, payload);
}

/** The closer's panel rings with the lead's card (docs/telephony.md, "Transfers"). */
export function emitTransferOffered(platform: Platform, closerId: string, view: TransferView): void {
  platform.live.toUser(closerId, SocketEvents.transferOffered, view);
}

/** Both panels follow the transfer (conference, completed, declined, expired, cancelled). */
export function emitTransferUpdated(platform: Platform, userIds: string[], view: TransferView): void {
  platform.live.toUsers(userIds, SocketEvents.transferUpdated, view);
}

/** The opener's panels: their desk transfer moved on its own (the desk hung up during the conference). */
export function emitDeskTransferUpdated(platform: Platform, openerId: string, view: DeskTransferView): void {
  platform.live.toUser(openerId, SocketEvents.deskTransferUpdated, view);
}

export function emitTransferAvailability(
  platform: Platform,
  userIds: string[],
  payload: TransferAvailabilityPayload,
): void {
  platform.live.toUsers(userIds, SocketEvents.transferAvailability, payload);
}

/** A lead calling in rings these agents' panels (docs/telephony.md, "Lead calls back"). */
export function emitInboundRinging(platform: Platform, agentIds: string[], view: InboundCallView): void {
  platform.live.toUsers(agentIds, SocketEvents.inboundRinging, view);
}

/** It no longer rings for them: someone answered, the round lapsed, voicemail took it, or the caller hung up. */
export function emitInboundUpdated(platform: Platform, agentIds: string[], view: InboundCallView): void {
  platform.live.toUsers(agentIds, SocketEvents.inboundUpdated, view);
}
