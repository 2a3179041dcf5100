import { Rooms, SocketEvents, type MaterialsChangedPayload } from '../../../shared/events.js';
import type { Platform } from '../../platform/context.js';

/**
 * Shared materials and folders (scope `campaign`) are seen by every signed-in user, so every open Materials page
 * hears of them; a personal one only reaches its owner's other tabs.
 */
export function emitMaterialsChanged(
  platform: Platform,
  owner: { scope: 'campaign' | 'personal'; ownerId: string },
  payload: MaterialsChangedPayload,
): void {
  if (owner.scope === 'campaign') platform.live.toRoom(Rooms.resources, SocketEvents.materialsChanged, payload);
  else platform.live.toUser(owner.ownerId, SocketEvents.materialsChanged, payload);
}
