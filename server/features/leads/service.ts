import { ObjectId } from 'mongodb';
import { STAGE_FOR_DISPOSITION, PLAN_LIMITS, type LeadStage } from '../../../shared/constants.js';
import type { LeadDetail } from '../../../shared/schemas/leads/lead.js';
import { LeadMessages } from '../../../shared/schemas/leads/lead.js';
import type { LeadList, LeadListQuery } from '../../../shared/schemas/leads/list.js';
import type { LeadRequestBody, LeadRequestResult } from '../../../shared/schemas/leads/request.js';
import type { LeadUpdateBody } from '../../../shared/schemas/leads/update.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import {
  campaignInfos,
  findCampaignById,
  findCampaignByIdOrSlug,
  inScope,
  isMember,
  leadScopeFor,
} from '../campaigns/public.js';
import { syncClientWithLead } from '../clients/public.js';
import { userNames, type UserDoc } from '../users/public.js';
import { distributeCampaign } from './distribution.js';
import { emitLeadUpdated } from './events.js';
import { distinctIds } from '../../platform/object-ids.js';
import { assigneeNames, toHistoryItems, toLeadItem, toLeadItems } from './present.js';
import {
  findLeadById,
  hasPoolLeads,
  listLeads,
  updateLead,
  type LeadDoc,
  type LeadHistoryEntry,
} from './repository.js';

/** `campaignId` of a lead route: the id or the slug; an unknown one is a 404, never "every campaign". */
async function campaignIdOf(platform: Platform, idOrSlug: string): Promise<ObjectId> {
  const campaign = await findCampaignByIdOrSlug(platform.db, idOrSlug);
  if (!campaign) throw notFound(LeadMessages.campaignNotFound);
  return campaign._id;
}

export async function listLeadsFor(platform: Platform, user: UserDoc, query: LeadListQuery): Promise<LeadList> {
  const limit = query.limit ?? 25;
  const [scope, campaignId] = await Promise.all([
    leadScopeFor(platform, user),
    query.campaignId ? campaignIdOf(platform, query.campaignId) : undefined,
  ]);
  const docs = await listLeads(platform.db, {
    scope,
    campaignId,
    disposition: query.disposition,
    stage: query.stage,
    search: query.search,
    before: query.cursor ? new ObjectId(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = docs.slice(0, limit);
  const [campaigns, names] = await Promise.all([
    campaignInfos(
      platform.db,
      page.map((d) => d.campaignId),
    ),
    pageAssigneeNames(platform, user, page),
  ]);
  // An agent with no leads at all in a campaign learns why when the campaign has none left to hand out.
  const unfiltered = !query.cursor && !query.disposition && !query.stage && !query.search;
  const poolEmpty =
    user.role === 'sales' && campaignId && unfiltered && page.length === 0
      ? !(await hasPoolLeads(platform.db, campaignId))
      : undefined;
  return {
    items: toLeadItems(page, campaigns, names),
    nextCursor: docs.length > limit ? page[page.length - 1]._id.toHexString() : null,
    ...(poolEmpty ? { poolEmpty } : {}),
  };
}

/** The signed-in user's own name needs no read: an agent's list is all theirs, one round trip fewer per page. */
async function pageAssigneeNames(platform: Platform, user: UserDoc, page: LeadDoc[]): Promise<Map<string, string>> {
  const others = page.filter((d) => d.assignedTo && !d.assignedTo.equals(user._id));
  const names = others.length > 0 ? await assigneeNames(platform.db, others) : new Map<string, string>();
  names.set(user._id.toHexString(), user.name);
  return names;
}

/** The lead when this user may see it; 404 otherwise (an agent never learns another agent's lead exists). */
async function visibleLead(platform: Platform, user: UserDoc, id: string): Promise<LeadDoc> {
  const lead = await findLeadById(platform.db, id);
  if (!lead || !inScope(await leadScopeFor(platform, user), lead)) throw notFound(LeadMessages.notFound);
  return lead;
}

async function detailOf(platform: Platform, lead: LeadDoc): Promise<LeadDetail> {
  const campaigns = await campaignInfos(platform.db, [lead.campaignId]);
  const names = await userNames(platform.db, distinctIds([...lead.history.map((h) => h.by), lead.assignedTo]));
  return {
    lead: toLeadItem(lead, campaigns.get(lead.campaignId.toHexString()), names),
    history: toHistoryItems(lead.history, names),
  };
}

export async function leadDetailFor(platform: Platform, user: UserDoc, id: string): Promise<LeadDetail> {
  return detailOf(platform, await visibleLead(platform, user, id));
}

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Disposition moves the stage (docs/product.md, Lead status), Proposal is set directly; every change is written to the
 * lead's history, and the fresh lead goes live to the agent's tabs and to the campaign owner.
 */
export async function updateLeadFor(
  platform: Platform,
  user: UserDoc,
  id: string,
  body: LeadUpdateBody,
): Promise<LeadDetail> {
  const lead = await visibleLead(platform, user, id);
  const now = platform.clock.now();
  const set: Partial<LeadDoc> = {};
  const unset: string[] = [];
  const history: LeadHistoryEntry[] = [];
  const note = (change: string) => history.push({ at: now, by: user._id, change });
  let stage: LeadStage = lead.stage;

  if (body.disposition !== undefined && body.disposition !== lead.disposition) {
    set.disposition = body.disposition;
    set.dispositionAt = now;
    if (body.disposition !== 'New') set.lastContactAt = now;
    note(`Status changed from ${lead.disposition} to ${body.disposition}`);
    stage = STAGE_FOR_DISPOSITION[body.disposition];
  }
  if (body.stage === 'Proposal') stage = 'Proposal';
  if (stage !== lead.stage) {
    set.stage = stage;
    set.dispositionAt = now;
    note(`Stage changed from ${lead.stage} to ${stage}`);
  }
  if (body.notes !== undefined && body.notes.trim() !== (lead.notes ?? '')) {
    if (body.notes.trim()) set.notes = body.notes.trim();
    else unset.push('notes');
    note(body.notes.trim() ? 'Notes updated' : 'Notes cleared');
  }
  if (body.nextAction !== undefined && body.nextAction.trim() !== (lead.nextAction ?? '')) {
    if (body.nextAction.trim()) set.nextAction = body.nextAction.trim();
    else unset.push('nextAction');
    note(body.nextAction.trim() ? `Next action: ${body.nextAction.trim()}` : 'Next action cleared');
  }
  if (body.nextActionDate !== undefined) {
    const date = body.nextActionDate === null ? null : new Date(body.nextActionDate);
    if (date && Number.isNaN(date.getTime())) throw badRequest(LeadMessages.badDate);
    if ((date?.getTime() ?? null) !== (lead.nextActionDate?.getTime() ?? null)) {
      if (date) set.nextActionDate = date;
      else unset.push('nextActionDate');
      note(date ? `Next action date set to ${dateOnly(date)}` : 'Next action date cleared');
    }
  }
  if (Object.keys(body).length === 0) throw badRequest(LeadMessages.nothingToChange);
  if (history.length === 0) return detailOf(platform, lead);

  set.updatedAt = now;
  const fresh = await updateLead(platform.db, lead._id, set, unset, history);
  if (!fresh) throw notFound(LeadMessages.notFound);
  await syncClientWithLead(platform, fresh);
  const detail = await detailOf(platform, fresh);
  const campaign = await findCampaignById(platform.db, fresh.campaignId);
  const audience = [fresh.assignedTo?.toHexString(), campaign?.ownerId?.toHexString()].filter((x): x is string =>
    Boolean(x),
  );
  emitLeadUpdated(platform, audience, detail.lead);
  return detail;
}

/** "Request Leads": up to `count` more of the campaign's pool for this agent, within the caps. */
export async function requestLeads(
  platform: Platform,
  user: UserDoc,
  body: LeadRequestBody,
): Promise<LeadRequestResult> {
  if (user.role !== 'sales') throw forbidden(LeadMessages.agentsOnly);
  const campaign = await findCampaignByIdOrSlug(platform.db, body.campaignId);
  if (!campaign) throw notFound(LeadMessages.campaignNotFound);
  if (!(await isMember(platform.db, user._id, campaign._id))) throw forbidden(LeadMessages.notMember);
  const result = await distributeCampaign(platform, campaign._id, { agentId: user._id, max: body.count });
  const assigned = result.assigned;
  const remaining = result.remaining.get(user._id.toHexString()) ?? { today: 0, month: 0 };
  let message: string = LeadMessages.leadsArrived(assigned);
  if (assigned === 0) {
    if (remaining.month === 0) message = LeadMessages.monthlyCapReached(PLAN_LIMITS.leadsPerMonth);
    else if (remaining.today === 0) message = LeadMessages.dailyCapReached(PLAN_LIMITS.leadsPerDay);
    else message = LeadMessages.poolEmpty;
  }
  return { assigned, remainingToday: remaining.today, remainingThisMonth: remaining.month, message };
}
