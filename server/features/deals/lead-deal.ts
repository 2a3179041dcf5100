import type { LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import { DealMessages } from '../../../shared/schemas/deals/close.js';
import type { Platform } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { findCampaignById, listMemberUserIds, type CampaignDoc } from '../campaigns/public.js';
import { linesOfDeal } from '../commissions/public.js';
import { findLeadById } from '../leads/public.js';
import { userNames, type UserDoc } from '../users/public.js';
import { latestDealOfLead } from './repository.js';

/** Enough names for any real campaign's opener list; a larger campaign lists its longest-standing members. */
const MAX_OPENER_CHOICES = 1000;

export const ownsCampaign = (user: UserDoc, campaign: Pick<CampaignDoc, 'ownerId'>) =>
  user.role === 'admin' || (user.role === 'owner' && Boolean(campaign.ownerId?.equals(user._id)));

/** What the lead panel needs to close a deal (opener choices, split percentages) or to cancel and refund one. */
export async function leadDealFor(platform: Platform, viewer: UserDoc, leadId: string): Promise<LeadDealView> {
  const lead = await findLeadById(platform.db, leadId);
  if (!lead) throw notFound(DealMessages.leadNotFound);
  const campaign = await findCampaignById(platform.db, lead.campaignId);
  if (!campaign) throw notFound(DealMessages.leadNotFound);
  const owner = ownsCampaign(viewer, campaign);
  // Everyone else gets the same answer as for a lead that does not exist, as on every lead route.
  if (!owner && !lead.assignedTo?.equals(viewer._id)) throw notFound(DealMessages.leadNotFound);

  const [memberIds, deal] = await Promise.all([
    listMemberUserIds(platform.db, campaign._id),
    latestDealOfLead(platform.db, lead._id),
  ]);
  const openerIds = memberIds.filter((id) => !lead.assignedTo?.equals(id)).slice(0, MAX_OPENER_CHOICES);
  const lines = deal
    ? (await linesOfDeal(platform.db, deal._id)).filter((line) => owner || line.userId.equals(viewer._id))
    : [];
  const names = await userNames(platform.db, [
    ...openerIds,
    ...(lead.assignedTo ? [lead.assignedTo] : []),
    ...(deal ? [deal.openerId, deal.closerId] : []),
    ...(lead.transferOpenerId ? [lead.transferOpenerId] : []),
    ...lines.map((line) => line.userId),
  ]);
  const person = (id: { toHexString(): string }) => ({
    id: id.toHexString(),
    name: names.get(id.toHexString()) ?? 'Former agent',
  });

  return {
    closer: lead.assignedTo ? person(lead.assignedTo) : null,
    openers: openerIds
      .filter((id) => names.has(id.toHexString()))
      .map(person)
      .sort((a, b) => a.name.localeCompare(b.name)),
    ...(lead.transferOpenerId && !lead.assignedTo?.equals(lead.transferOpenerId)
      ? { transferOpener: person(lead.transferOpenerId) }
      : {}),
    percents: {
      opener: campaign.commissionStructure.opener,
      closer: campaign.commissionStructure.closer,
      fullStack: campaign.commissionStructure.fullStack,
    },
    deal: deal
      ? {
          id: deal._id.toHexString(),
          value: deal.value,
          status: deal.status,
          closedAt: deal.closedAt.toISOString(),
          opener: person(deal.openerId),
          closer: person(deal.closerId),
          ...(deal.cancelledAt ? { cancelledAt: deal.cancelledAt.toISOString() } : {}),
          ...(deal.cancelNote ? { cancelNote: deal.cancelNote } : {}),
        }
      : null,
    canCancel: owner && deal?.status === 'closed',
    lines: lines.map((line) => ({
      id: line._id.toHexString(),
      userName: names.get(line.userId.toHexString()) ?? 'Former agent',
      kind: line.kind,
      level: line.level,
      amount: line.amount,
      status: line.status,
      text: line.why.text,
    })),
  };
}
