import type { MeStats } from '../../../shared/schemas/overview/stats.js';
import type { SearchResults } from '../../../shared/schemas/overview/search.js';
import type { Platform } from '../../platform/context.js';
import { campaignIdsOfMember, listCampaignIdsOwnedBy, searchCampaigns } from '../campaigns/public.js';
import { summarizeEarnings } from '../commissions/public.js';
import { ledgerAmounts } from '../commissions/public.js';
import { standingDealsOf } from '../deals/public.js';
import { countAssignedLeads, searchLeads } from '../leads/public.js';
import { downlineOf, type UserDoc } from '../users/public.js';

/** The overview's four cards, from the ledger, the deals, the leads and the downline. */
export async function statsOf(platform: Platform, viewer: UserDoc): Promise<MeStats> {
  const [ledger, deals, assigned, downline] = await Promise.all([
    ledgerAmounts(platform.db, { userId: viewer._id }),
    standingDealsOf(platform.db, viewer._id),
    countAssignedLeads(platform.db, viewer._id),
    downlineOf(platform, viewer._id),
  ]);
  const dealsClosed = deals.length;
  const value = deals.reduce((sum, d) => sum + d.value, 0);
  return {
    monthlyEarnings: summarizeEarnings(ledger, platform.clock.now()).monthly,
    dealsClosed,
    // A deal may come from a lead opened by someone else: never above 100%.
    conversionRate: dealsClosed === 0 ? 0 : Math.min(1, dealsClosed / Math.max(assigned, dealsClosed)),
    avgDealSize: dealsClosed === 0 ? 0 : Math.round(value / dealsClosed),
    downlineAgents: downline.length,
  };
}

/** The header search: the viewer's campaigns (joined or owned) and the leads they may see. */
export async function searchFor(platform: Platform, viewer: UserDoc, q: string, limit = 5): Promise<SearchResults> {
  const text = q.trim();
  if (!text) return { campaigns: [], leads: [] };
  const joined = await campaignIdsOfMember(platform.db, viewer._id);
  const owned = viewer.role === 'owner' ? await listCampaignIdsOwnedBy(platform.db, viewer._id) : [];
  const isAdmin = viewer.role === 'admin';
  const [campaigns, leads] = await Promise.all([
    searchCampaigns(platform.db, text, isAdmin ? undefined : [...joined, ...owned], limit),
    searchLeads(platform.db, text, isAdmin ? undefined : { assignedTo: viewer._id, campaignIds: owned }, limit),
  ]);
  const joinedSet = new Set(joined.map((id) => id.toHexString()));
  return {
    campaigns: campaigns.map((c) => ({
      id: c._id.toHexString(),
      slug: c.slug,
      name: c.name,
      status: c.status,
      joined: joinedSet.has(c._id.toHexString()),
    })),
    leads: leads.map((l) => ({
      id: l._id.toHexString(),
      name: l.name,
      ...(l.company ? { company: l.company } : {}),
      ...(l.email ? { email: l.email } : {}),
      ...(l.phone ? { phone: l.phone } : {}),
      stage: l.stage,
      campaignId: l.campaignId.toHexString(),
    })),
  };
}
