import type { Db } from 'mongodb';
import type { LeadHistoryItem, LeadItem } from '../../../shared/schemas/leads/lead.js';
import { isoTime } from '../../platform/iso-time.js';
import { distinctIds, repeatedIdText } from '../../platform/object-ids.js';
import type { CampaignInfo } from '../campaigns/public.js';
import { userNames } from '../users/public.js';
import type { LeadDoc, LeadHistoryEntry } from './repository.js';
import { callingTimeZone } from './time-zone.js';

/** Display names of the leads' assignees, one query for a page or a batch. */
export const assigneeNames = (db: Db, docs: Array<Pick<LeadDoc, 'assignedTo'>>): Promise<Map<string, string>> =>
  userNames(db, distinctIds(docs.map((d) => d.assignedTo)));

/** `campaignId` and `assignedTo` come as text: a page converts each distinct id once (`toLeadItems`). */
function leadItem(
  lead: LeadDoc,
  campaignId: string,
  campaign: CampaignInfo | undefined,
  assignedTo: string | undefined,
  names?: Map<string, string>,
): LeadItem {
  const item: LeadItem = {
    id: lead._id.toHexString(),
    campaignId,
    campaignSlug: campaign?.slug ?? '',
    campaignName: campaign?.name ?? '',
    name: lead.name,
    source: lead.source,
    leadType: lead.leadType,
    details: lead.details ?? {},
    disposition: lead.disposition,
    stage: lead.stage,
    createdAt: isoTime(lead.createdAt),
    updatedAt: isoTime(lead.updatedAt),
  };
  if (lead.company) item.company = lead.company;
  if (lead.email) item.email = lead.email;
  if (lead.phone) item.phone = lead.phone;
  if (assignedTo) {
    item.assignedTo = assignedTo;
    const name = names?.get(assignedTo);
    if (name) item.assignedToName = name;
  }
  if (lead.assignedAt) item.assignedAt = isoTime(lead.assignedAt);
  if (lead.lastContactAt) item.lastContactAt = isoTime(lead.lastContactAt);
  if (lead.nextAction) item.nextAction = lead.nextAction;
  if (lead.nextActionDate) item.nextActionDate = isoTime(lead.nextActionDate);
  if (lead.notes) item.notes = lead.notes;
  const timeZone = callingTimeZone(lead, campaign ?? null);
  if (timeZone) item.timeZone = timeZone;
  return item;
}

/** `names` (user id -> display name) adds the assignee's name, which owners and admins see in the Assigned column. */
export function toLeadItem(lead: LeadDoc, campaign: CampaignInfo | undefined, names?: Map<string, string>): LeadItem {
  return leadItem(lead, lead.campaignId.toHexString(), campaign, lead.assignedTo?.toHexString(), names);
}

/** A page of leads; `campaigns` by id (`campaignInfos`). */
export function toLeadItems(
  leads: LeadDoc[],
  campaigns: Map<string, CampaignInfo>,
  names: Map<string, string>,
): LeadItem[] {
  const campaignText = repeatedIdText();
  const assigneeText = repeatedIdText();
  return leads.map((lead) => {
    const campaignId = campaignText(lead.campaignId);
    return leadItem(
      lead,
      campaignId,
      campaigns.get(campaignId),
      lead.assignedTo ? assigneeText(lead.assignedTo) : undefined,
      names,
    );
  });
}

export function toHistoryItems(history: LeadHistoryEntry[], names: Map<string, string>): LeadHistoryItem[] {
  return history.map((h) => {
    const item: LeadHistoryItem = { at: isoTime(h.at), change: h.change };
    if (h.by) {
      item.by = h.by.toHexString();
      const name = names.get(item.by);
      if (name) item.byName = name;
    }
    return item;
  });
}
