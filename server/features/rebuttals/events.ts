import {
  Rooms,
  SocketEvents,
  type RebuttalAssistPayload,
  type RebuttalSuggestedPayload,
  type RebuttalsChangedPayload,
} from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** The agent's dialer panel shows the answer while the lead is still on the line. */
export function emitRebuttalSuggested(platform: Platform, agentId: string, payload: RebuttalSuggestedPayload): void {
  platform.live.toUser(agentId, SocketEvents.rebuttalSuggested, payload);
}

/** The panel says when a call goes on without live rebuttals, and why. */
export function emitRebuttalAssist(platform: Platform, agentId: string, payload: RebuttalAssistPayload): void {
  platform.live.toUser(agentId, SocketEvents.rebuttalAssist, payload);
}

/** The library is read by every signed-in user: every open AI Rebuttals page patches its list. */
export function emitRebuttalsChanged(platform: Platform, payload: RebuttalsChangedPayload): void {
  platform.live.toRoom(Rooms.resources, SocketEvents.rebuttalsChanged, payload);
}
