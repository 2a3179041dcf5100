import type { ObjectId } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import { campaignIdsOfMember, listMemberUserIds } from '../campaigns/public.js';
import { emitTransferAvailability } from './events.js';

/**
 * An agent's line or phone changed (a call started or freed, the phone connected, a transfer rang or ended): the
 * members of their campaigns hear of it, so an opener's open transfer picker lists who is available now.
 */
export async function announceAvailability(platform: Platform, agentIds: ObjectId[]): Promise<void> {
  try {
    const campaignIds = (await Promise.all(agentIds.map((id) => campaignIdsOfMember(platform.db, id)))).flat();
    const unique = [...new Map(campaignIds.map((id) => [id.toHexString(), id])).values()];
    if (unique.length === 0) return;
    const members = (await Promise.all(unique.map((id) => listMemberUserIds(platform.db, id)))).flat();
    const audience = [...new Set(members.map((id) => id.toHexString()))];
    emitTransferAvailability(platform, audience, { campaignIds: unique.map((id) => id.toHexString()) });
  } catch (error) {
    platform.log.warn({ err: error }, 'transfer availability not announced');
  }
}
