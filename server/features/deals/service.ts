import { ObjectId } from 'mongodb';
import { DealMessages, type CloseLeadBody, type DealItem } from '../../../shared/schemas/deals/close.js';
import type { CancelDealBody } from '../../../shared/schemas/deals/cancel.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { findCampaignById, isMember, type CampaignDoc } from '../campaigns/public.js';
import { enqueueDealCancelled, enqueueDealClosed } from '../commissions/public.js';
import { dollarsToCents, formatCents } from '../commissions/public.js';
import { emitLeadUpdated } from '../leads/public.js';
import { assigneeNames, toLeadItem } from '../leads/public.js';
import { findLeadById, updateLead, type LeadDoc } from '../leads/public.js';
import { emitTeamActivity } from '../team/public.js';
import { isDuplicateKey } from '../../platform/db-errors.js';
import { findUserById, type UserDoc } from '../users/public.js';
import { ownsCampaign } from './lead-deal.js';
import {
  findDealById,
  findStandingDealOfLead,
  insertDeal,
  markDealCancelled,
  markLeadClosed,
  type DealDoc,
} from './repository.js';

export function toDealItem(deal: DealDoc): DealItem {
  return {
    id: deal._id.toHexString(),
    leadId: deal.leadId.toHexString(),
    campaignId: deal.campaignId.toHexString(),
    openerId: deal.openerId.toHexString(),
    closerId: deal.closerId.toHexString(),
    value: deal.value,
    status: deal.status,
    closedAt: deal.closedAt.toISOString(),
    ...(deal.cancelledAt ? { cancelledAt: deal.cancelledAt.toISOString() } : {}),
  };
}

/** The closer, the opener (a transferred lead is not theirs any more, its deal still pays them) and the owner follow it live. */
async function emitClosedLead(
  platform: Platform,
  closedLead: LeadDoc,
  campaign: CampaignDoc,
  dealMembers: ObjectId[],
): Promise<void> {
  const audience = [...dealMembers.map((id) => id.toHexString()), campaign.ownerId?.toHexString()].filter(
    (id): id is string => Boolean(id),
  );
  emitLeadUpdated(platform, audience, toLeadItem(closedLead, campaign, await assigneeNames(platform.db, [closedLead])));
}

/**
 * Closes a lead with a deal: only its assignee, its campaign's owner or an admin. The assignee is the closer;
 * `openerId` (a campaign member) splits the deal, otherwise it is full stack. The ledger is written by the
 * `commissions` worker. `closedAt` is for the demo seed only (back-dated deals).
 */
export async function closeLead(
  platform: Platform,
  viewer: UserDoc,
  leadId: string,
  body: CloseLeadBody,
  closedAt?: Date,
): Promise<DealItem> {
  const lead = await findLeadById(platform.db, leadId);
  if (!lead) throw notFound(DealMessages.leadNotFound);
  const campaign = await findCampaignById(platform.db, lead.campaignId);
  if (!campaign) throw notFound(DealMessages.leadNotFound);
  const isAssignee = Boolean(lead.assignedTo?.equals(viewer._id));
  // A lead someone may not see does not exist for them, as on every other lead route.
  if (!isAssignee && !ownsCampaign(viewer, campaign)) throw notFound(DealMessages.leadNotFound);
  if (!lead.assignedTo) throw badRequest(DealMessages.noCloser);
  const closerId = lead.assignedTo;
  const value = dollarsToCents(body.dealValue);
  if (value <= 0) throw badRequest(DealMessages.dealValueInvalid);

  let openerId = closerId;
  // A lead whose call was transferred to its closer: the last agent who handed it over is its opener, whatever the
  // close names (docs/commissions.md, "Credit follows a transfer"), so the opener's share cannot be left out or
  // given to someone else.
  const transferOpenerId =
    lead.transferOpenerId && !lead.transferOpenerId.equals(closerId) ? lead.transferOpenerId : null;
  if (transferOpenerId) {
    if (body.openerId && body.openerId !== transferOpenerId.toHexString())
      throw badRequest(DealMessages.openerIsTransferOpener);
    openerId = transferOpenerId;
  } else if (body.openerId && body.openerId !== closerId.toHexString()) {
    openerId = new ObjectId(body.openerId);
    if (!(await findUserById(platform.db, openerId)) || !(await isMember(platform.db, openerId, campaign._id)))
      throw badRequest(DealMessages.openerNotMember);
  }
  if (await findStandingDealOfLead(platform.db, lead._id)) throw conflict(DealMessages.alreadyClosed);

  const at = closedAt ?? platform.clock.now();
  const deal: DealDoc = {
    _id: new ObjectId(),
    leadId: lead._id,
    campaignId: campaign._id,
    openerId,
    closerId,
    value,
    status: 'closed',
    closedAt: at,
    closedBy: viewer._id,
    leadName: lead.name,
  };
  try {
    await insertDeal(platform.db, deal);
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(DealMessages.alreadyClosed);
    throw error;
  }
  const closedLead = await markLeadClosed(platform.db, lead._id, viewer._id, at, `Closed: ${formatCents(value)} deal`);
  const activity = { kind: 'deal-closed' as const, campaignId: campaign._id, leadName: lead.name, dealValue: value };
  // Independent of each other once the deal and the lead are written: side by side, so the team's live feed does not
  // wait for the lead's panels and the ledger job (the capacity bench's deal -> team lead delay).
  await Promise.all([
    closedLead && emitClosedLead(platform, closedLead, campaign, [closerId, openerId]),
    enqueueDealClosed(platform, deal._id),
    emitTeamActivity(platform, closerId, { ...activity, key: `deal-closed-${deal._id.toHexString()}` }),
    !openerId.equals(closerId) &&
      emitTeamActivity(platform, openerId, { ...activity, key: `deal-opened-${deal._id.toHexString()}` }),
  ]);
  return toDealItem(deal);
}

/** Cancelling or refunding a deal (campaign owner or admin) voids its unpaid commissions and claws back paid ones. */
export async function cancelDeal(
  platform: Platform,
  viewer: UserDoc,
  dealId: string,
  body: CancelDealBody,
): Promise<DealItem> {
  const deal = await findDealById(platform.db, dealId);
  if (!deal) throw notFound(DealMessages.dealNotFound);
  const campaign = await findCampaignById(platform.db, deal.campaignId);
  if (!campaign || !ownsCampaign(viewer, campaign)) throw forbidden(DealMessages.cancelNotAllowed);
  const status = body.reason ?? 'cancelled';
  const note = body.note?.trim() || undefined;
  const at = platform.clock.now();
  if (!(await markDealCancelled(platform.db, deal._id, status, viewer._id, at, note)))
    throw conflict(DealMessages.alreadyCancelled);
  await enqueueDealCancelled(platform, deal._id);
  // The lead's record says what happened, and every open panel of it (closer, opener, owner) follows at once.
  const change = `Deal ${status} (${formatCents(deal.value)})${note ? `: ${note}` : ''}`;
  const lead = await updateLead(platform.db, deal.leadId, { updatedAt: at }, [], [{ at, by: viewer._id, change }]);
  if (lead) {
    const audience = [deal.closerId, deal.openerId, campaign.ownerId, lead.assignedTo]
      .filter((id): id is ObjectId => Boolean(id))
      .map((id) => id.toHexString());
    emitLeadUpdated(platform, audience, toLeadItem(lead, campaign, await assigneeNames(platform.db, [lead])));
  }
  return toDealItem((await findDealById(platform.db, deal._id))!);
}
