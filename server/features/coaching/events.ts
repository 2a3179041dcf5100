import { SocketEvents } from '../../../shared/events.js';
import type { CoachingIndicator } from '../../../shared/schemas/coaching/sessions.js';
import type { Platform } from '../../platform/context.js';

/** Every tab of the agent: who is listening to or coaching their call now. */
export function emitCoachingIndicator(platform: Platform, agentId: string, indicator: CoachingIndicator): void {
  platform.live.toUser(agentId, SocketEvents.coachingIndicator, indicator);
}

/** Every tab of the coach: the session is over (the call ended, or they left from another tab). */
export function emitCoachingEnded(platform: Platform, coachId: string, sessionId: string): void {
  platform.live.toUser(coachId, SocketEvents.coachingEnded, { sessionId });
}
