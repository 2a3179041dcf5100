import { SocketEvents } from '../../../shared/events.js';
import type { TeamActivityItem } from '../../../shared/schemas/team/activity.js';
import type { Platform } from '../../platform/context.js';

/** One upline's copy: `level` is how far below them the actor is. */
export function emitTeamActivityTo(platform: Platform, uplineId: string, item: TeamActivityItem): void {
  platform.live.toUser(uplineId, SocketEvents.teamActivity, item);
}
