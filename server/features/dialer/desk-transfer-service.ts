import { ErrorReasons } from '../../../shared/errors.js';
import { ClosingDeskMessages } from '../../../shared/schemas/campaigns/closing-desks.js';
import type { DeskTransferBody, DeskTransferView } from '../../../shared/schemas/dialer/desk-transfer.js';
import { TransferMessages } from '../../../shared/schemas/dialer/transfer.js';
import type { Platform } from '../../platform/context.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { DeskNotReached } from '../../platform/telephony/phone-provider.js';
import { findCampaignById } from '../campaigns/public.js';
import { updateLead } from '../leads/public.js';
import { userNames, type UserDoc } from '../users/public.js';
import { callOwnedBy, endCall } from './calls-service.js';
import { viewOf } from './desk-transfer-state.js';
import type { CallDoc } from './repository.js';
import { claimDeskTransfer, moveDeskTransfer } from './transfer-repository.js';
import { transferableCall } from './transfer-service.js';

/**
 * Transfer to one of the campaign's closing desks (docs/telephony.md, "Transfer to a closing desk"): only a desk the
 * owner configured, never a number typed in the panel; do-not-call and calling hours are the lead's rules and do not
 * apply to the desk. The request waits while the desk rings (up to the ring timeout).
 */

function deskCalls(platform: Platform) {
  const transfers = platform.phone.transfers;
  if (!transfers?.dialDesk || !transfers.handOverToDesk)
    throw conflict(TransferMessages.unsupported).because(ErrorReasons.transferUnsupported);
  return { dial: transfers.dialDesk.bind(transfers), handOver: transfers.handOverToDesk.bind(transfers) };
}

/** `POST /api/dialer/calls/:id/transfer/desk`: rings the desk into the call; warm -> conference, blind -> handed over. */
export async function transferToDesk(
  platform: Platform,
  opener: UserDoc,
  callId: string,
  body: DeskTransferBody,
): Promise<DeskTransferView> {
  const phone = deskCalls(platform);
  const call = await transferableCall(platform, opener, callId);
  const campaign = await findCampaignById(platform.db, call.campaignId!);
  const desk = campaign?.closingDesks?.find((entry) => entry.id === body.deskId);
  if (!desk) throw badRequest(ClosingDeskMessages.unknownDesk).because(ErrorReasons.transferUnknownDesk);
  const claimed = await claimDeskTransfer(platform.db, call._id, opener._id, {
    deskId: desk.id,
    name: desk.name,
    mode: body.mode,
    state: 'ringing',
    at: platform.clock.now(),
  });
  if (!claimed) throw conflict(TransferMessages.alreadyOffered).because(ErrorReasons.transferAlreadyOffered);
  try {
    await phone.dial(callId, desk.number);
  } catch (error) {
    platform.log.info({ err: error, callId, desk: desk.name }, 'closing desk not reached');
    await moveDeskTransfer(platform.db, call._id, 'ringing', 'not-reached', platform.clock.now());
    throw conflict(ClosingDeskMessages.notReached(desk.name)).because(ErrorReasons.transferDeskNotReached);
  }
  const answered = await moveDeskTransfer(platform.db, call._id, 'ringing', 'conference', platform.clock.now());
  // Only the desk's hang-up moves a ringing desk transfer meanwhile (deskHungUp): it answered and hung up at once.
  if (!answered) throw conflict(ClosingDeskMessages.hungUp(desk.name)).because(ErrorReasons.transferDeskHungUp);
  return body.mode === 'blind' ? handOverToDesk(platform, opener, answered) : viewOf(answered);
}

/** `POST /api/dialer/calls/:id/transfer/desk/complete`: the opener leaves the lead with the desk. */
export async function completeDeskTransfer(
  platform: Platform,
  opener: UserDoc,
  callId: string,
): Promise<DeskTransferView> {
  deskCalls(platform);
  const call = await callOwnedBy(platform, opener, callId);
  // The lead hung up meanwhile: there is no call left to hand over.
  if (call.state !== 'connected')
    throw conflict(TransferMessages.notConnected).because(ErrorReasons.transferNotConnected);
  if (call.deskTransfer?.state !== 'conference')
    throw conflict(TransferMessages.notConference).because(ErrorReasons.transferNotConference);
  return handOverToDesk(platform, opener, call);
}

async function handOverToDesk(platform: Platform, opener: UserDoc, call: CallDoc): Promise<DeskTransferView> {
  const now = platform.clock.now();
  const completed = await moveDeskTransfer(platform.db, call._id, 'conference', 'completed', now);
  if (!completed) throw conflict(TransferMessages.offerGone).because(ErrorReasons.transferGone);
  try {
    await deskCalls(platform).handOver(call._id.toHexString());
  } catch (error) {
    if (!(error instanceof DeskNotReached)) throw error;
    // The desk hung up just before the hand-over: the opener keeps the lead, and the record says why.
    await moveDeskTransfer(platform.db, call._id, 'completed', 'hung-up', platform.clock.now());
    const name = completed.deskTransfer!.name;
    throw conflict(ClosingDeskMessages.hungUp(name)).because(ErrorReasons.transferDeskHungUp);
  }
  // The call is over for the opener (the lead talks to the desk now): it ends as the agent's End ends it.
  await endCall(platform, opener, call._id.toHexString());
  if (call.leadId) {
    const openerName = (await userNames(platform.db, [opener._id])).get(opener._id.toHexString()) ?? 'Former agent';
    const change = ClosingDeskMessages.history(openerName, completed.deskTransfer!.name, completed.deskTransfer!.mode);
    await updateLead(platform.db, call.leadId, { updatedAt: now }, [], [{ at: now, by: opener._id, change }]);
  }
  return viewOf(completed);
}
