import type { Db, ObjectId } from 'mongodb';
import type { LeadHistoryItem, LeadItem } from '../../../shared/schemas/leads/lead.js';
import type { CampaignInfo } from '../campaigns/public.js';
import { userNames } from '../users/public.js';
import type { LeadDoc, LeadHistoryEntry } from './repository.js';
import { callingTimeZone } from './time-zone.js';

/** Distinct ids, the missing ones left out. */
export const idsOf = (ids: Array<ObjectId | null | undefined>): ObjectId[] => [
  ...new Map(ids.filter((id): id is ObjectId => Boolean(id)).map((id) => [id.toHexString(), id])).values(),
];

/** Display names of the leads' assignees, one query for a page or a batch. */
export const assigneeNames = (db: Db, docs: Array<Pick<LeadDoc, 'assignedTo'>>): Promise<Map<string, string>> =>
  userNames(db, idsOf(docs.map((d) => d.assignedTo)));

const iso = (date: Date | undefined) => (date ? date.toISOString() : undefined);

/** `names` (user id -> display name) adds the assignee's name, which owners and admins see in the Assigned column. */
export function toLeadItem(lead: LeadDoc, campaign: CampaignInfo | undefined, names?: Map<string, string>): LeadItem {
  const item: LeadItem = {
    id: lead._id.toHexString(),
    campaignId: lead.campaignId.toHexString(),
    campaignSlug: campaign?.slug ?? '',
    campaignName: campaign?.name ?? '',
    name: lead.name,
    source: lead.source,
    leadType: lead.leadType,
    details: lead.details ?? {},
    disposition: lead.disposition,
    stage: lead.stage,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
  if (lead.company) item.company = lead.company;
  if (lead.email) item.email = lead.email;
  if (lead.phone) item.phone = lead.phone;
  if (lead.assignedTo) {
    item.assignedTo = lead.assignedTo.toHexString();
    const name = names?.get(item.assignedTo);
    if (name) item.assignedToName = name;
  }
  if (lead.assignedAt) item.assignedAt = iso(lead.assignedAt);
  if (lead.lastContactAt) item.lastContactAt = iso(lead.lastContactAt);
  if (lead.nextAction) item.nextAction = lead.nextAction;
  if (lead.nextActionDate) item.nextActionDate = iso(lead.nextActionDate);
  if (lead.notes) item.notes = lead.notes;
  const timeZone = callingTimeZone(lead, campaign ?? null);
  if (timeZone) item.timeZone = timeZone;
  return item;
}

export function toHistoryItems(history: LeadHistoryEntry[], names: Map<string, string>): LeadHistoryItem[] {
  return history.map((h) => {
    const item: LeadHistoryItem = { at: h.at.toISOString(), change: h.change };
    if (h.by) {
      item.by = h.by.toHexString();
      const name = names.get(item.by);
      if (name) item.byName = name;
    }
    return item;
  });
}
