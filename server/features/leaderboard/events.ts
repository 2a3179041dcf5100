import { Rooms, SocketEvents, type LeaderboardUpdatedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** Everyone on the feed sees the standings move when a deal's money is written or reversed (they re-read it). */
export function emitLeaderboardUpdated(platform: Platform, payload: LeaderboardUpdatedPayload): void {
  platform.live.toRoom(Rooms.feed, SocketEvents.leaderboardUpdated, payload);
}
