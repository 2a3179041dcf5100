import type { FollowUpItem, FollowUpList } from '../../../shared/schemas/follow-ups/list.js';
import type { Platform } from '../../platform/context.js';
import { listClientFollowUps } from '../clients/public.js';
import { campaignInfos, leadScopeFor } from '../campaigns/public.js';
import { listLeadFollowUps } from '../leads/public.js';
import type { UserDoc } from '../users/public.js';

/** Follow-ups read of each kind at once (the most recent leads' and clients'); the calendar says when there are more. */
const FOLLOW_UP_LIMIT = 500;

/**
 * The next actions of the leads and clients this user may see (the visibility of GET /api/leads and GET /api/clients),
 * earliest first. A client is a lead that progressed: the same person is listed once, with the client's date.
 */
export async function followUpsFor(platform: Platform, user: UserDoc): Promise<FollowUpList> {
  const scope = await leadScopeFor(platform, user);
  const [leads, clients] = await Promise.all([
    listLeadFollowUps(platform.db, scope, FOLLOW_UP_LIMIT + 1),
    listClientFollowUps(platform.db, scope, FOLLOW_UP_LIMIT + 1),
  ]);
  const shownLeads = leads.slice(0, FOLLOW_UP_LIMIT);
  const shownClients = clients.slice(0, FOLLOW_UP_LIMIT);
  const campaigns = await campaignInfos(
    platform.db,
    [...shownLeads, ...shownClients].map((doc) => doc.campaignId),
  );
  const item = (kind: FollowUpItem['kind'], doc: (typeof shownLeads)[number]): FollowUpItem => ({
    id: `${kind}-${doc._id.toHexString()}`,
    kind,
    name: doc.name,
    ...(doc.nextAction ? { action: doc.nextAction } : {}),
    at: doc.nextActionDate.toISOString(),
    campaignName: campaigns.get(doc.campaignId.toHexString())?.name ?? '',
    ...(doc.phone ? { phone: doc.phone } : {}),
  });
  const byLead = new Map<string, FollowUpItem>();
  for (const lead of shownLeads) byLead.set(lead._id.toHexString(), item('lead', lead));
  for (const client of shownClients) byLead.set(client.leadId.toHexString(), item('client', client));
  return {
    items: [...byLead.values()].sort((a, b) => a.at.localeCompare(b.at)),
    complete: leads.length <= FOLLOW_UP_LIMIT && clients.length <= FOLLOW_UP_LIMIT,
  };
}
