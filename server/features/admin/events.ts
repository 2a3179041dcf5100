import { Rooms, SocketEvents, type RoleRequestUpdatedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/** Every admin's open list of role requests follows a request made, withdrawn or decided. */
export function emitRoleRequestUpdated(platform: Platform, payload: RoleRequestUpdatedPayload): void {
  platform.live.toRoom(Rooms.admins, SocketEvents.roleRequestUpdated, payload);
}
