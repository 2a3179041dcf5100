import { SocketEvents, type EarningsUpdatedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** Every open tab of the user sees their new figures without reloading. */
export function emitEarningsUpdated(platform: Platform, userId: string, payload: EarningsUpdatedPayload): void {
  platform.live.toUser(userId, SocketEvents.earningsUpdated, payload);
}
