import type { ObjectId } from 'mongodb';
import { TransferMessages, type TransferView } from '../../../shared/schemas/dialer/transfer.js';
import type { Platform } from '../../platform/context.js';
import { findLeadById } from '../leads/public.js';
import { userNames } from '../users/public.js';
import { emitTransferUpdated } from './events.js';
import { findCall, type CallDoc } from './repository.js';
import { announceAvailability } from './transfer-availability.js';
import { findOpenTransferOfCall, findTransfer, moveTransfer, type TransferDoc } from './transfer-repository.js';

/** An offer that ends without the call changing hands: declined, lapsed, or its call ended. */
export async function settle(
  platform: Platform,
  transfer: TransferDoc,
  from: 'pending' | 'conference',
  to: 'declined' | 'expired' | 'cancelled',
): Promise<TransferView | null> {
  const moved = await moveTransfer(platform.db, transfer._id, from, to, platform.clock.now());
  if (!moved) return null;
  if (from === 'conference')
    await platform.phone.transfers?.leave(transfer.callId.toHexString(), transfer.closerId.toHexString());
  const view = await transferView(platform, moved);
  emitTransferUpdated(platform, [moved.openerId.toHexString(), moved.closerId.toHexString()], view);
  await announceAvailability(platform, [moved.closerId]);
  return view;
}

export async function lapse(platform: Platform, transferId: ObjectId): Promise<void> {
  try {
    const transfer = await findTransfer(platform.db, transferId);
    if (transfer?.state === 'pending') await settle(platform, transfer, 'pending', 'expired');
  } catch (error) {
    platform.log.warn({ err: error, transferId }, 'transfer offer not lapsed');
  }
}

/** The call ended (any end): a transfer still ringing or in conference ends with it. */
export async function callEndedForTransfers(platform: Platform, callId: ObjectId): Promise<void> {
  const transfer = await findOpenTransferOfCall(platform.db, callId);
  if (!transfer || (transfer.state !== 'pending' && transfer.state !== 'conference')) return;
  await settle(platform, transfer, transfer.state, 'cancelled');
}

export async function transferView(platform: Platform, doc: TransferDoc, knownCall?: CallDoc): Promise<TransferView> {
  const [call, lead, names] = await Promise.all([
    knownCall ?? findCall(platform.db, doc.callId),
    findLeadById(platform.db, doc.leadId),
    userNames(platform.db, [doc.openerId, doc.closerId]),
  ]);
  const person = (id: ObjectId) => ({ id: id.toHexString(), name: names.get(id.toHexString()) ?? 'Former agent' });
  const opener = person(doc.openerId);
  const closer = person(doc.closerId);
  const message = {
    pending: TransferMessages.ringing(closer.name),
    conference: TransferMessages.conference(closer.name),
    completed: TransferMessages.completed(closer.name),
    declined: TransferMessages.declined(closer.name),
    expired: TransferMessages.expired(closer.name),
    cancelled: TransferMessages.offerGone,
  }[doc.state];
  const notes = [lead?.notes?.trim(), call?.notes?.trim()].filter(Boolean).join('\n\n');
  return {
    id: doc._id.toHexString(),
    callId: doc.callId.toHexString(),
    mode: doc.mode,
    state: doc.state,
    opener,
    closer,
    note: doc.note,
    lead: {
      id: doc.leadId.toHexString(),
      name: lead?.name ?? call?.name ?? '',
      phone: call?.phone ?? lead?.phone ?? '',
      notes,
    },
    offeredAt: doc.offeredAt.toISOString(),
    expiresAt: doc.expiresAt.toISOString(),
    message,
  };
}
