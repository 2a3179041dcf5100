import type { ObjectId } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import { campaignIdsOfMember, listMemberUserIds } from '../campaigns/public.js';
import { emitTransferAvailability } from './events.js';
import { agentsRingingInbound } from './inbound-repository.js';
import { agentsOnLiveCalls, agentsWithPhoneConnected, closersInOpenTransfers } from './transfer-repository.js';

/**
 * Who among these agents could take a call now: online, phone connected, a free line, not ringing for a transfer or
 * a lead calling in (a transfer's closers, an inbound call's agents).
 */
export async function availableAgents(platform: Platform, agentIds: ObjectId[]): Promise<ObjectId[]> {
  if (agentIds.length === 0) return [];
  const [connected, busy, ringing, ringingInbound, online] = await Promise.all([
    agentsWithPhoneConnected(platform.db, agentIds),
    agentsOnLiveCalls(platform.db, agentIds),
    closersInOpenTransfers(platform.db, agentIds),
    agentsRingingInbound(platform.db, agentIds),
    Promise.all(agentIds.map(async (id) => (await platform.live.connectedCount(id.toHexString())) > 0)),
  ]);
  return agentIds.filter((id, i) => {
    const key = id.toHexString();
    return online[i] && connected.has(key) && !busy.has(key) && !ringing.has(key) && !ringingInbound.has(key);
  });
}

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
