import type { ObjectId } from 'mongodb';
import { ClosingDeskMessages } from '../../../shared/schemas/campaigns/closing-desks.js';
import type { DeskTransferView } from '../../../shared/schemas/dialer/desk-transfer.js';
import type { Platform } from '../../platform/context.js';
import { emitDeskTransferUpdated } from './events.js';
import type { CallDoc } from './repository.js';
import { moveDeskTransfer } from './transfer-repository.js';

// Where a transfer to a closing desk stands, as the opener's panel shows it, and the desk's hang-up before the
// hand-over (docs/telephony.md, "Transfer to a closing desk"). Apart from the service so the call's lifecycle can
// apply the provider's `desk-left` without importing the calls service.

const VIEW_MESSAGES: Record<DeskTransferView['state'], (desk: string) => string> = {
  conference: ClosingDeskMessages.conference,
  completed: ClosingDeskMessages.completed,
  'hung-up': ClosingDeskMessages.hungUp,
};

export function viewOf(call: CallDoc): DeskTransferView {
  const desk = call.deskTransfer!;
  const state = desk.state === 'completed' || desk.state === 'hung-up' ? desk.state : 'conference';
  return {
    callId: call._id.toHexString(),
    desk: { id: desk.deskId, name: desk.name },
    mode: desk.mode,
    state,
    message: VIEW_MESSAGES[state](desk.name),
  };
}

/**
 * The desk hung up before the hand-over (the provider's `desk-left`): the call goes on with the opener and the lead.
 * The call's desk transfer says `hung-up` (and when), and the opener's panels are told, which closes their
 * "Complete transfer". A desk that hangs up before its answer was stored is told by the transfer request itself.
 */
export async function deskHungUp(platform: Platform, callId: ObjectId): Promise<void> {
  const now = platform.clock.now();
  const inConference = await moveDeskTransfer(platform.db, callId, 'conference', 'hung-up', now);
  if (inConference) return emitDeskTransferUpdated(platform, inConference.agentId.toHexString(), viewOf(inConference));
  await moveDeskTransfer(platform.db, callId, 'ringing', 'hung-up', now);
}
