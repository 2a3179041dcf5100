import type { ObjectId } from 'mongodb';
import type { Platform } from '../../platform/context.js';
import { notifyMany, type NotificationInput } from '../notifications/public.js';
import type { CampaignInfo } from '../campaigns/public.js';
import { clearNotifyPending, type LeadDoc } from './repository.js';

/** What a notice needs of an assigned lead; a run keeps only this much of each lead until it announces them. */
export type AssignedLead = Pick<LeadDoc, '_id' | 'name' | 'company' | 'campaignId' | 'assignedTo' | 'assignedAt'>;

export const assignedLead = ({ _id, name, company, campaignId, assignedTo, assignedAt }: LeadDoc): AssignedLead => ({
  _id,
  name,
  company,
  campaignId,
  assignedTo,
  assignedAt,
});

function noticeFor(leads: AssignedLead[], campaign: CampaignInfo | undefined): NotificationInput {
  const [first] = leads;
  if (leads.length === 1) {
    return {
      type: 'lead-assigned',
      title: 'New lead assigned',
      body: `${first.name}${first.company ? ` (${first.company})` : ''}${campaign ? ` - ${campaign.name}` : ''}`,
      link: `/lead-management?lead=${first._id.toHexString()}`,
      key: `lead-assigned:${first._id.toHexString()}:${first.assignedAt!.getTime()}`,
    };
  }
  return {
    type: 'lead-assigned',
    title: 'New leads assigned',
    body: `${leads.length} new leads in ${campaign?.name ?? 'your campaign'}`,
    link: campaign ? `/lead-management?campaign=${encodeURIComponent(campaign.slug)}` : '/lead-management',
    // The group's first lead and its assignment: a crashed run's leftovers regroup the same and are not told twice.
    key: `leads-assigned:${first.assignedTo!.toHexString()}:${first._id.toHexString()}:${first.assignedAt!.getTime()}`,
  };
}

/**
 * The bell and the toast of a distribution run: one notification per agent and campaign ("15 new leads in Hotel"),
 * a single lead keeps its own. Then the leads' pending marks go.
 */
export async function notifyAssigned(
  platform: Platform,
  leads: AssignedLead[],
  campaigns: Map<string, CampaignInfo>,
): Promise<void> {
  if (leads.length === 0) return;
  const groups = new Map<string, AssignedLead[]>();
  for (const lead of leads) {
    const key = `${lead.assignedTo!.toHexString()}:${lead.campaignId.toHexString()}`;
    const group = groups.get(key);
    if (group) group.push(lead);
    else groups.set(key, [lead]);
  }
  await notifyMany(
    platform,
    [...groups.values()].map((group) => {
      group.sort((a, b) => a._id.toHexString().localeCompare(b._id.toHexString()));
      return {
        userId: group[0].assignedTo as ObjectId,
        input: noticeFor(group, campaigns.get(group[0].campaignId.toHexString())),
      };
    }),
  );
  await clearNotifyPending(
    platform.db,
    leads.map((lead) => lead._id),
  );
}
