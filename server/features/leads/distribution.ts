import { ObjectId } from 'mongodb';
import { PLAN_LIMITS } from '../../../shared/constants.js';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import type { Platform } from '../../platform/context.js';
import { withRedisLock } from '../../platform/redis-lock.js';
import {
  campaignInfos,
  findCampaignById,
  listCampaignIdleWindows,
  listMemberUserIds,
  type CampaignInfo,
} from '../campaigns/public.js';
import { notify } from '../notifications/public.js';
import { salesAgentsAmong } from '../users/public.js';
import { RETURN_TO_POOL } from './flow-counts.js';
import { assignedLead, notifyAssigned, type AssignedLead } from './assigned-notices.js';
import { emitLeadAssigned, emitLeadsUpdated, emitLeadUpdated } from './events.js';
import { assigneeNames, toLeadItem } from './present.js';
import { findQuotas, highestServedSeq, saveQuotas, type LeadQuotaDoc } from './quota-repository.js';
import {
  assignLead,
  campaignsWithPool,
  idleLeads,
  leadsWithPendingNotification,
  poolLeads,
  returnLeadToPool,
  type Assignment,
  type LeadDoc,
} from './repository.js';

export const DEFAULT_LEAD_IDLE_HOURS = 72;
/**
 * Leads written per round trip, and at most this many per `leads:updated` to an owner: small enough that the first
 * agents see theirs at once, big enough for 10,000.
 */
export const LEAD_BATCH = 200;
/** Lead writes in flight at once: each lead is pushed to its agent the moment its own write is acknowledged. */
const WRITE_CONCURRENCY = 32;

const dayKey = (at: Date) => at.toISOString().slice(0, 10);
const monthKey = (at: Date) => at.toISOString().slice(0, 7);

/** The agent's counters as of `now`: a new day (UTC) or month starts from zero. */
export function currentQuota(agentId: ObjectId, now: Date, stored: LeadQuotaDoc | undefined): LeadQuotaDoc {
  const day = dayKey(now);
  const month = monthKey(now);
  return {
    _id: agentId,
    day,
    month,
    dayCount: stored?.day === day ? stored.dayCount : 0,
    monthCount: stored?.month === month ? stored.monthCount : 0,
    lastServedSeq: stored?.lastServedSeq ?? 0,
    lastServedAt: stored?.lastServedAt ?? new Date(0),
  };
}

export function remainingOf(quota: LeadQuotaDoc): { today: number; month: number } {
  const month = Math.max(0, PLAN_LIMITS.leadsPerMonth - quota.monthCount);
  return { today: Math.min(month, Math.max(0, PLAN_LIMITS.leadsPerDay - quota.dayCount)), month };
}

/**
 * Caps are per agent across campaigns, so every distribution (worker jobs on any process, "Request Leads" on any
 * API node) runs one at a time under a Redis lock; the counters and the round-robin order are then exact.
 */
function withDistributionLock<T>(platform: Platform, run: () => Promise<T>): Promise<T> {
  return withRedisLock(
    platform,
    `${platform.config.redisPrefix}:leads:distribution-lock`,
    'lead distribution lock not acquired within 120 s',
    run,
  );
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** The agent gets `lead:assigned` (one toast per lead); answers the lead as presented, for `pushToOwners`. */
function pushAssigned(
  platform: Platform,
  lead: LeadDoc,
  campaigns: Map<string, CampaignInfo>,
  names: Map<string, string>,
): LeadItem {
  const item = toLeadItem(lead, campaigns.get(lead.campaignId.toHexString()), names);
  emitLeadAssigned(platform, lead.assignedTo!.toHexString(), item);
  return item;
}

/**
 * The campaign owners' open screens get a batch's fresh leads (assigned, or back in the pool) as one `leads:updated`
 * per owner: an import of 10,000 leads is some 50 events for its owner, not 10,000. An owner who is the assignee
 * already got `lead:assigned`.
 */
function pushToOwners(platform: Platform, items: LeadItem[], campaigns: Map<string, CampaignInfo>): void {
  const byOwner = new Map<string, LeadItem[]>();
  for (const item of items) {
    const ownerId = campaigns.get(item.campaignId)?.ownerId?.toHexString();
    if (!ownerId || ownerId === item.assignedTo) continue;
    const batch = byOwner.get(ownerId);
    if (batch) batch.push(item);
    else byOwner.set(ownerId, [item]);
  }
  for (const [ownerId, batch] of byOwner) emitLeadsUpdated(platform, ownerId, { items: batch });
}

/** Finishes the announcements a crashed run left (their leads carry `notifyPending`). */
async function finishPendingAnnouncements(platform: Platform): Promise<void> {
  for (;;) {
    const pending = await leadsWithPendingNotification(platform.db, LEAD_BATCH);
    if (pending.length === 0) return;
    const campaigns = await campaignInfos(
      platform.db,
      pending.map((l) => l.campaignId),
    );
    const names = await assigneeNames(platform.db, pending);
    pushToOwners(
      platform,
      pending.map((lead) => pushAssigned(platform, lead, campaigns, names)),
      campaigns,
    );
    await notifyAssigned(platform, pending, campaigns);
    if (pending.length < LEAD_BATCH) return;
  }
}

export interface DistributionOptions {
  /** Only this agent receives ("Request Leads"). */
  agentId?: ObjectId;
  /** At most this many leads. */
  max?: number;
}

export interface DistributionResult {
  assigned: number;
  perAgent: Map<string, number>;
  /** What is left of each considered agent's caps after this run. */
  remaining: Map<string, { today: number; month: number }>;
}

interface Slot {
  id: ObjectId;
  quota: LeadQuotaDoc;
  left: number;
}

/**
 * Hands the campaign's unassigned leads (oldest first) to its member agents round-robin, the agent served longest
 * ago first, never beyond PLAN_LIMITS per agent per day / month (UTC days of the platform clock). A lead taken back
 * from an idle agent goes to someone else when anyone else can take it.
 */
export async function distributeCampaign(
  platform: Platform,
  campaignId: ObjectId,
  options: DistributionOptions = {},
): Promise<DistributionResult> {
  return withDistributionLock(platform, async () => {
    const { db } = platform;
    await finishPendingAnnouncements(platform);
    const result: DistributionResult = { assigned: 0, perAgent: new Map(), remaining: new Map() };
    const campaign = await findCampaignById(db, campaignId);
    if (!campaign) return result;
    const campaigns = new Map<string, CampaignInfo>([[campaign._id.toHexString(), campaign]]);
    const memberIds = options.agentId ? [options.agentId] : await listMemberUserIds(db, campaignId);
    const agents = await salesAgentsAmong(db, memberIds);
    const names = new Map(agents.map((a) => [a._id.toHexString(), a.name]));
    const order = new Map(memberIds.map((id, i) => [id.toHexString(), i]));
    const now = platform.clock.now();
    const stored = new Map(
      (
        await findQuotas(
          db,
          agents.map((a) => a._id),
        )
      ).map((q) => [q._id.toHexString(), q]),
    );
    let seq = await highestServedSeq(db);

    const all: Slot[] = agents.map((a) => {
      const quota = currentQuota(a._id, now, stored.get(a._id.toHexString()));
      return { id: a._id, quota, left: remainingOf(quota).today };
    });
    const queue = all
      .filter((s) => s.left > 0)
      .sort(
        (a, b) =>
          a.quota.lastServedSeq - b.quota.lastServedSeq ||
          order.get(a.id.toHexString())! - order.get(b.id.toHexString())!,
      );
    let budget = options.max ?? Number.POSITIVE_INFINITY;
    // Announced once the run is over: one notification per agent and campaign, not one per lead.
    const announced: AssignedLead[] = [];

    while (queue.length > 0 && budget > 0) {
      const capacity = queue.reduce((sum, s) => sum + s.left, 0);
      const want = Math.min(LEAD_BATCH, budget, capacity);
      const pool = await poolLeads(db, campaignId, want, options.agentId);
      if (pool.length === 0) break;
      const plan: Assignment[] = [];
      const touched = new Map<string, Slot>();
      for (const lead of pool) {
        if (queue.length === 0) break;
        let index = lead.reclaimedFrom ? queue.findIndex((s) => !s.id.equals(lead.reclaimedFrom!)) : 0;
        if (index === -1) index = 0;
        const [slot] = queue.splice(index, 1);
        plan.push({ leadId: lead._id, agentId: slot.id });
        slot.quota.dayCount++;
        slot.quota.monthCount++;
        slot.quota.lastServedSeq = ++seq;
        slot.quota.lastServedAt = now;
        slot.left--;
        touched.set(slot.id.toHexString(), slot);
        if (slot.left > 0) queue.push(slot);
      }
      // Counters first: a crash in between can only leave an agent under-served, never over the cap.
      await saveQuotas(
        db,
        [...touched.values()].map((s) => s.quota),
      );
      const assigned: LeadDoc[] = [];
      const items: LeadItem[] = [];
      await inParallel(plan, WRITE_CONCURRENCY, async (assignment) => {
        const lead = await assignLead(db, assignment, platform.clock.now(), 'Assigned by distribution');
        if (!lead) return;
        items.push(pushAssigned(platform, lead, campaigns, names));
        assigned.push(lead);
      });
      pushToOwners(platform, items, campaigns);
      for (const lead of assigned) announced.push(assignedLead(lead));
      for (const lead of assigned) {
        const id = lead.assignedTo!.toHexString();
        result.perAgent.set(id, (result.perAgent.get(id) ?? 0) + 1);
      }
      result.assigned += assigned.length;
      budget -= plan.length;
      if (pool.length < want) break;
    }
    await notifyAssigned(platform, announced, campaigns);
    for (const slot of all) result.remaining.set(slot.id.toHexString(), remainingOf(slot.quota));
    return result;
  });
}

/**
 * Takes back leads whose disposition has not moved within the campaign's idle window: their agents lose them
 * (`removed`), the campaign owner sees them back in the pool (a distribution right after may assign them again).
 */
export async function reclaimIdleLeads(platform: Platform): Promise<{ reclaimed: number; campaignIds: ObjectId[] }> {
  const { db } = platform;
  const now = platform.clock.now();
  let reclaimed = 0;
  const touchedCampaigns: ObjectId[] = [];
  for (const campaign of await listCampaignIdleWindows(db)) {
    const hours = campaign.leadIdleHours || DEFAULT_LEAD_IDLE_HOURS;
    const cutoff = new Date(now.getTime() - hours * 3600_000);
    let count = 0;
    let infos: Map<string, CampaignInfo> | undefined;
    for (;;) {
      const idle = await idleLeads(db, campaign._id, cutoff, LEAD_BATCH);
      if (idle.length === 0) break;
      infos ??= await campaignInfos(db, [campaign._id]);
      const ownerId = infos.get(campaign._id.toHexString())?.ownerId;
      const returned: LeadItem[] = [];
      try {
        for (const lead of idle) {
          const fresh = await returnLeadToPool(
            db,
            lead,
            now,
            `${RETURN_TO_POOL} after ${hours} h without a status change`,
          );
          if (!fresh) continue;
          count++;
          returned.push(toLeadItem(fresh, infos.get(campaign._id.toHexString())));
          const previous = lead.assignedTo!;
          // The owner keeps seeing the lead (unassigned, pushed below): only someone else's list drops it.
          if (!ownerId?.equals(previous))
            emitLeadUpdated(platform, [previous.toHexString()], { id: lead._id.toHexString(), removed: true });
          await notify(platform, previous, {
            type: 'lead-reassigned',
            title: 'Lead reassigned',
            body: `${lead.name} went to another agent after ${hours} h without a status change.`,
            link: '/lead-management',
            key: `lead-reassigned:${lead._id.toHexString()}:${lead.assignedAt?.getTime() ?? 0}`,
          });
        }
      } finally {
        // Even when a notification fails: the leads already returned are in the pool, and the owner must see that.
        pushToOwners(platform, returned, infos);
      }
      if (idle.length < LEAD_BATCH) break;
    }
    if (count > 0) touchedCampaigns.push(campaign._id);
    reclaimed += count;
  }
  return { reclaimed, campaignIds: touchedCampaigns };
}

/** The repeatable sweep: idle leads back to the pool, then every campaign with a pool is distributed again. */
export async function sweepLeads(platform: Platform): Promise<{ reclaimed: number; assigned: number }> {
  const { reclaimed } = await reclaimIdleLeads(platform);
  let assigned = 0;
  for (const campaignId of await campaignsWithPool(platform.db))
    assigned += (await distributeCampaign(platform, campaignId)).assigned;
  return { reclaimed, assigned };
}
