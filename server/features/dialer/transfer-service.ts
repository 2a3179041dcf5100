import { ObjectId } from 'mongodb';
import { ErrorReasons } from '../../../shared/errors.js';
import {
  TRANSFER_RING_MS,
  TransferMessages,
  type AvailableClosers,
  type OfferTransferBody,
  type TransferView,
} from '../../../shared/schemas/dialer/transfer.js';
import type { Platform } from '../../platform/context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { TransferMediaNotReady } from '../../platform/telephony/phone-provider.js';
import { findCampaignById, isMember, listMemberUserIds } from '../campaigns/public.js';
import { assigneeNames, emitLeadUpdated, toLeadItem, updateLead } from '../leads/public.js';
import { findUserById, userNames, type UserDoc } from '../users/public.js';
import { callOwnedBy } from './calls-service.js';
import { emitTransferOffered, emitTransferUpdated } from './events.js';
import { pushState } from './lifecycle.js';
import type { CallDoc } from './repository.js';
import { announceAvailability, availableAgents } from './transfer-availability.js';
import { desksOfCampaign } from './desk-list.js';
import { lapse, settle, transferView } from './transfer-state.js';
import { findTransfer, handCallOver, insertTransfer, moveTransfer, type TransferDoc } from './transfer-repository.js';

/**
 * Live transfer of a connected call from its agent (the opener) to an available agent of the lead's campaign (the
 * closer): docs/telephony.md, "Transfers". The server decides everything: who may offer (the call's agent), to whom
 * (an available member of the lead's campaign), who may answer (the closer it was offered to); the provider only
 * moves the media once the stored state allows it.
 */

const refusal = (error: AppError, reason: (typeof ErrorReasons)[keyof typeof ErrorReasons]) => error.because(reason);

function transfersOf(platform: Platform) {
  const transfers = platform.phone.transfers;
  if (!transfers) throw refusal(conflict(TransferMessages.unsupported), ErrorReasons.transferUnsupported);
  return transfers;
}

/** Members of the campaign other than `exceptId` who are online, have their phone connected and a free line. */
async function availableAmong(platform: Platform, campaignId: ObjectId, exceptId: ObjectId): Promise<ObjectId[]> {
  const members = (await listMemberUserIds(platform.db, campaignId)).filter((id) => !id.equals(exceptId));
  return availableAgents(platform, members);
}

export async function transferableCall(platform: Platform, opener: UserDoc, callId: string): Promise<CallDoc> {
  const call = await callOwnedBy(platform, opener, callId);
  if (!call.leadId || !call.campaignId) throw refusal(badRequest(TransferMessages.noLead), ErrorReasons.transferNoLead);
  if (call.state !== 'connected')
    throw refusal(conflict(TransferMessages.notConnected), ErrorReasons.transferNotConnected);
  return call;
}

/** `GET /api/dialer/calls/:id/transfer/closers`: who the call's agent may transfer it to right now. */
export async function availableClosers(platform: Platform, opener: UserDoc, callId: string): Promise<AvailableClosers> {
  const call = await transferableCall(platform, opener, callId);
  const ids = await availableAmong(platform, call.campaignId!, opener._id);
  const [names, desks] = await Promise.all([userNames(platform.db, ids), desksOfCampaign(platform, call.campaignId)]);
  return {
    campaignId: call.campaignId!.toHexString(),
    desks,
    closers: ids
      .filter((id) => names.has(id.toHexString()))
      .map((id) => ({ id: id.toHexString(), name: names.get(id.toHexString())! }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** `POST /api/dialer/calls/:id/transfer`: rings the chosen closer for 20 s; the lead stays with the opener. */
export async function offerTransfer(
  platform: Platform,
  opener: UserDoc,
  callId: string,
  body: OfferTransferBody,
): Promise<TransferView> {
  transfersOf(platform);
  const call = await transferableCall(platform, opener, callId);
  const closerId = new ObjectId(body.closerId);
  if (closerId.equals(opener._id))
    throw refusal(badRequest(TransferMessages.selfTransfer), ErrorReasons.transferToSelf);
  const closer = await findUserById(platform.db, closerId);
  if (!closer || !(await isMember(platform.db, closerId, call.campaignId!)))
    throw refusal(badRequest(TransferMessages.notCampaignCloser), ErrorReasons.transferNotCampaignCloser);
  const available = await availableAmong(platform, call.campaignId!, opener._id);
  if (!available.some((id) => id.equals(closerId)))
    throw refusal(conflict(TransferMessages.closerUnavailable), ErrorReasons.transferCloserUnavailable);
  const now = platform.clock.now();
  const doc: TransferDoc = {
    _id: new ObjectId(),
    callId: call._id,
    openerId: opener._id,
    closerId,
    campaignId: call.campaignId!,
    leadId: call.leadId!,
    mode: body.mode,
    note: body.note?.trim() ?? '',
    state: 'pending',
    offeredAt: now,
    expiresAt: new Date(now.getTime() + TRANSFER_RING_MS),
    open: true,
  };
  if (!(await insertTransfer(platform.db, doc)))
    throw refusal(conflict(TransferMessages.alreadyOffered), ErrorReasons.transferAlreadyOffered);
  // The ring lapses here; an answer after the expiry is refused by its own check, whichever process gets it.
  setTimeout(() => void lapse(platform, doc._id), TRANSFER_RING_MS).unref();
  const view = await transferView(platform, doc, call);
  emitTransferOffered(platform, closerId.toHexString(), view);
  emitTransferUpdated(platform, [opener._id.toHexString()], view);
  await announceAvailability(platform, [closerId]);
  return view;
}

/** `POST /api/dialer/transfers/:id/accept`: warm -> the three talk; blind -> the call is the closer's at once. */
export async function acceptTransfer(platform: Platform, closer: UserDoc, transferId: string): Promise<TransferView> {
  const transfers = transfersOf(platform);
  const transfer = await offeredTo(platform, closer, transferId);
  const callId = transfer.callId.toHexString();
  const closerId = closer._id.toHexString();
  try {
    // The closer's tab sent its offer just before this request: it joins the call while the opener is still on it.
    await transfers.join(callId, closerId);
  } catch (error) {
    if (error instanceof TransferMediaNotReady)
      throw refusal(conflict(TransferMessages.phoneNotReady), ErrorReasons.transferPhoneNotReady);
    platform.log.warn({ err: error, callId }, 'closer could not join the transferred call');
    await settle(platform, transfer, 'pending', 'cancelled');
    throw refusal(conflict(TransferMessages.offerGone), ErrorReasons.transferGone);
  }
  if (transfer.mode === 'blind') return handOver(platform, transfer, 'pending');
  const moved = await moveTransfer(platform.db, transfer._id, 'pending', 'conference', platform.clock.now());
  if (!moved) {
    await transfers.leave(callId, closerId);
    throw refusal(conflict(TransferMessages.offerGone), ErrorReasons.transferGone);
  }
  const view = await transferView(platform, moved);
  emitTransferUpdated(platform, [moved.openerId.toHexString(), closerId], view);
  return view;
}

/** `POST /api/dialer/transfers/:id/decline`: the opener is told; the lead is still with them. */
export async function declineTransfer(platform: Platform, closer: UserDoc, transferId: string): Promise<TransferView> {
  const transfer = await offeredTo(platform, closer, transferId);
  const view = await settle(platform, transfer, 'pending', 'declined');
  if (!view) throw refusal(conflict(TransferMessages.offerGone), ErrorReasons.transferGone);
  return view;
}

/** `POST /api/dialer/transfers/:id/complete`: the opener leaves the warm conference; the call is the closer's. */
export async function completeTransfer(platform: Platform, opener: UserDoc, transferId: string): Promise<TransferView> {
  transfersOf(platform);
  const transfer = await transferById(platform, transferId);
  if (!transfer.openerId.equals(opener._id))
    throw refusal(forbidden(TransferMessages.notOpener), ErrorReasons.transferNotYours);
  if (transfer.state !== 'conference')
    throw refusal(conflict(TransferMessages.notConference), ErrorReasons.transferNotConference);
  return handOver(platform, transfer, 'conference');
}

async function transferById(platform: Platform, transferId: string): Promise<TransferDoc> {
  const transfer = await findTransfer(platform.db, new ObjectId(transferId));
  if (!transfer) throw notFound(TransferMessages.transferNotFound);
  return transfer;
}

/** The transfer offered to this closer and still ringing. */
async function offeredTo(platform: Platform, closer: UserDoc, transferId: string): Promise<TransferDoc> {
  const transfer = await transferById(platform, transferId);
  if (!transfer.closerId.equals(closer._id))
    throw refusal(forbidden(TransferMessages.notYourOffer), ErrorReasons.transferNotYours);
  if (transfer.state !== 'pending' || transfer.expiresAt <= platform.clock.now())
    throw refusal(conflict(TransferMessages.offerGone), ErrorReasons.transferGone);
  return transfer;
}

/**
 * The call becomes the closer's: the transfer is completed, the call record changes agent (only while still
 * connected and the opener's; the closer's own live call refuses it), the provider moves the media, and the lead is
 * the closer's with the opener remembered for the deal (docs/commissions.md).
 */
async function handOver(
  platform: Platform,
  transfer: TransferDoc,
  from: 'pending' | 'conference',
): Promise<TransferView> {
  const transfers = transfersOf(platform);
  const callId = transfer.callId.toHexString();
  const closerId = transfer.closerId.toHexString();
  const now = platform.clock.now();
  const completed = await moveTransfer(platform.db, transfer._id, from, 'completed', now);
  if (!completed) {
    await transfers.leave(callId, closerId);
    throw refusal(conflict(TransferMessages.offerGone), ErrorReasons.transferGone);
  }
  const handed = await handCallOver(platform.db, transfer.callId, transfer.openerId, transfer.closerId, {
    mode: transfer.mode,
    at: now,
    transferId: transfer._id,
  });
  if (typeof handed === 'string') {
    // The call ended meanwhile, or the closer started a call of their own: nothing changes hands.
    await transfers.leave(callId, closerId);
    await moveTransfer(platform.db, transfer._id, 'completed', 'cancelled', now);
    const view = await transferView(platform, { ...completed, state: 'cancelled' });
    emitTransferUpdated(platform, [transfer.openerId.toHexString(), closerId], view);
    throw refusal(conflict(TransferMessages.offerGone), ErrorReasons.transferGone);
  }
  try {
    await transfers.handOver(callId, closerId);
  } catch (error) {
    platform.log.error({ err: error, callId }, 'transfer media not handed over');
  }
  await creditOpener(platform, transfer, now);
  const view = await transferView(platform, completed, handed.call);
  emitTransferUpdated(platform, [transfer.openerId.toHexString(), closerId], view);
  await Promise.all([
    pushState(platform, transfer.openerId, { call: null }),
    pushState(platform, transfer.closerId, { call: handed.call }),
  ]);
  await announceAvailability(platform, [transfer.openerId, transfer.closerId]);
  return view;
}

/** The lead is the closer's now; the opener is kept for the deal, and the hand-over is in the lead's history. */
async function creditOpener(platform: Platform, transfer: TransferDoc, at: Date): Promise<void> {
  const names = await userNames(platform.db, [transfer.openerId, transfer.closerId]);
  const change = TransferMessages.history(
    names.get(transfer.openerId.toHexString()) ?? 'Former agent',
    names.get(transfer.closerId.toHexString()) ?? 'Former agent',
    transfer.mode,
  );
  const lead = await updateLead(
    platform.db,
    transfer.leadId,
    { assignedTo: transfer.closerId, assignedAt: at, transferOpenerId: transfer.openerId, updatedAt: at },
    [],
    [{ at, by: transfer.openerId, change }],
  );
  if (!lead) return;
  const campaign = await findCampaignById(platform.db, lead.campaignId);
  if (!campaign) return;
  const audience = [transfer.openerId, transfer.closerId, campaign.ownerId].filter((id): id is ObjectId => Boolean(id));
  emitLeadUpdated(
    platform,
    audience.map((id) => id.toHexString()),
    toLeadItem(lead, campaign, await assigneeNames(platform.db, [lead])),
  );
}
