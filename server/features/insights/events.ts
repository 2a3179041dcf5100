import { Rooms, SocketEvents, type InsightsUpdatedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** After the rollups are written: the people whose charts moved re-read them (admins see every campaign). */
export function emitInsightsUpdated(platform: Platform, userIds: string[], payload: InsightsUpdatedPayload): void {
  platform.live.toUsers(userIds, SocketEvents.insightsUpdated, payload);
  platform.live.toRoom(Rooms.admins, SocketEvents.insightsUpdated, payload);
}
