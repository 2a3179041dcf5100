import {
  Rooms,
  SocketEvents,
  type EarningsUpdatedPayload,
  type LeaderboardUpdatedPayload,
} from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** Every open tab of the user sees their new figures without reloading. */
export function emitEarningsUpdated(platform: Platform, userId: string, payload: EarningsUpdatedPayload): void {
  platform.live.toUser(userId, SocketEvents.earningsUpdated, payload);
}

/**
 * Everyone on the feed sees the standings move when a deal's money is written or reversed (they re-read the
 * leaderboard). Sent from here, where the ledger is written: the leaderboard only reads it.
 */
export function emitLeaderboardUpdated(platform: Platform, payload: LeaderboardUpdatedPayload): void {
  platform.live.toRoom(Rooms.feed, SocketEvents.leaderboardUpdated, payload);
}
