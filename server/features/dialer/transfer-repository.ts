import { ObjectId, type Collection, type Db } from 'mongodb';
import type { TransferMode, TransferState } from '../../../shared/schemas/dialer/transfer.js';
import { callsCollection, dialQueuesCollection, type CallDoc } from './repository.js';

/** One offer of a call to a closer, from the ring to its end (accepted, declined, lapsed). */
export interface TransferDoc {
  _id: ObjectId;
  callId: ObjectId;
  openerId: ObjectId;
  closerId: ObjectId;
  campaignId: ObjectId;
  leadId: ObjectId;
  mode: TransferMode;
  note: string;
  state: TransferState;
  offeredAt: Date;
  expiresAt: Date;
  /** Present while the transfer is under way (pending or conference): one per call, by a unique partial index. */
  open?: true;
  answeredAt?: Date;
  completedAt?: Date;
}

export const transfersCollection = (db: Db): Collection<TransferDoc> => db.collection<TransferDoc>('callTransfers');

export async function ensureTransferIndexes(db: Db): Promise<void> {
  const transfers = transfersCollection(db);
  await transfers.createIndex(
    { callId: 1 },
    { name: 'one_open_transfer_per_call', unique: true, partialFilterExpression: { open: true } },
  );
  // A closer rings for one transfer at a time.
  await transfers.createIndex(
    { closerId: 1 },
    { name: 'one_open_transfer_per_closer', unique: true, partialFilterExpression: { open: true } },
  );
}

/** False when the call already has a transfer under way, or the closer is ringing for another (unique indexes). */
export async function insertTransfer(db: Db, doc: TransferDoc): Promise<boolean> {
  try {
    await transfersCollection(db).insertOne(doc);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

export function findTransfer(db: Db, id: ObjectId): Promise<TransferDoc | null> {
  return transfersCollection(db).findOne({ _id: id });
}

export function findOpenTransferOfCall(db: Db, callId: ObjectId): Promise<TransferDoc | null> {
  return transfersCollection(db).findOne({ callId, open: true });
}

/** Agents who are ringing for, or in the conference of, a transfer: not available to another one. */
export async function closersInOpenTransfers(db: Db, closerIds: ObjectId[]): Promise<Set<string>> {
  const rows = await transfersCollection(db)
    .find({ closerId: { $in: closerIds }, open: true }, { projection: { closerId: 1 } })
    .toArray();
  return new Set(rows.map((row) => row.closerId.toHexString()));
}

/** Compare-and-set on the transfer's state; the answer is the transfer after the move, or null if it had moved on. */
export function moveTransfer(
  db: Db,
  id: ObjectId,
  from: TransferState,
  to: TransferState,
  at: Date,
): Promise<TransferDoc | null> {
  const stillOpen = to === 'pending' || to === 'conference';
  return transfersCollection(db).findOneAndUpdate(
    { _id: id, state: from },
    {
      $set: {
        state: to,
        ...(to === 'conference' ? { answeredAt: at } : {}),
        ...(to === 'completed' ? { completedAt: at } : {}),
      },
      ...(stillOpen ? {} : { $unset: { open: '' as const } }),
    },
    { returnDocument: 'after' },
  );
}

export type HandOverResult = { call: CallDoc } | 'closer-busy' | 'call-moved-on';

/**
 * The call becomes the closer's: its agent changes while it is still connected and still the opener's. The agent's
 * live-call index refuses it when the closer has a live call of their own.
 */
export async function handCallOver(
  db: Db,
  callId: ObjectId,
  openerId: ObjectId,
  closerId: ObjectId,
  entry: { mode: TransferMode; at: Date; transferId: ObjectId },
): Promise<HandOverResult> {
  try {
    const call = await callsCollection(db).findOneAndUpdate(
      { _id: callId, agentId: openerId, state: 'connected', live: true },
      {
        // Mute was the opener's: the closer joins the room unmuted.
        $set: { agentId: closerId, muted: false },
        $push: { transfers: { from: openerId, to: closerId, ...entry } },
        $inc: { version: 1 },
      },
      { returnDocument: 'after' },
    );
    return call ? { call } : 'call-moved-on';
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return 'closer-busy';
    throw error;
  }
}

/** Agents with a live call among these (their line is taken). */
export async function agentsOnLiveCalls(db: Db, agentIds: ObjectId[]): Promise<Set<string>> {
  const rows = await callsCollection(db)
    .find({ agentId: { $in: agentIds }, live: true }, { projection: { agentId: 1 } })
    .toArray();
  return new Set(rows.map((row) => row.agentId.toHexString()));
}

/** Agents whose phone session is connected among these. */
export async function agentsWithPhoneConnected(db: Db, agentIds: ObjectId[]): Promise<Set<string>> {
  const rows = await dialQueuesCollection(db)
    .find({ agentId: { $in: agentIds }, 'phone.status': 'connected' }, { projection: { agentId: 1 } })
    .toArray();
  return new Set(rows.map((row) => row.agentId.toHexString()));
}

type DeskTransfer = NonNullable<CallDoc['deskTransfer']>;

/** Starts a desk transfer on the agent's connected call; null when the call moved on or one is already under way. */
export function claimDeskTransfer(
  db: Db,
  callId: ObjectId,
  agentId: ObjectId,
  deskTransfer: DeskTransfer,
): Promise<CallDoc | null> {
  return callsCollection(db).findOneAndUpdate(
    {
      _id: callId,
      agentId,
      state: 'connected',
      $or: [
        { deskTransfer: { $exists: false } },
        { 'deskTransfer.state': { $in: ['completed', 'not-reached', 'hung-up'] } },
      ],
    },
    { $set: { deskTransfer }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  );
}

/** Moves the call's desk transfer on from `from`; null when it was not there. */
export function moveDeskTransfer(
  db: Db,
  callId: ObjectId,
  from: DeskTransfer['state'],
  to: DeskTransfer['state'],
  at: Date,
): Promise<CallDoc | null> {
  return callsCollection(db).findOneAndUpdate(
    { _id: callId, 'deskTransfer.state': from },
    { $set: { 'deskTransfer.state': to, 'deskTransfer.at': at }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  );
}
