import { SocketEvents, type SystemPongPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** The answer to the user's ping, pushed by the worker that ran its job: the queue and the live events work end to end. */
export function emitSystemPong(platform: Platform, userId: string, payload: SystemPongPayload): void {
  platform.live.toUser(userId, SocketEvents.systemPong, payload);
}
