import { ObjectId, type Collection, type Db } from 'mongodb';
import type { InboundState } from '../../../shared/schemas/dialer/inbound.js';
import { isDuplicateKey } from '../../platform/db-errors.js';

/** A campaign's inbound number (10 digits, the local carrier's plan: 555-020-0001 upwards). */
export interface InboundNumberDoc {
  _id: string;
  campaignId: ObjectId;
  createdAt: Date;
}

/** One lead's call in, from the first ring to its answer, voicemail or the caller's hangup. */
export interface InboundCallDoc {
  _id: ObjectId;
  /** The provider's id of the ringing SIP leg (or the simulator's caller). */
  providerInboundId: string;
  /** The process holding that leg: only it can bridge or record it. */
  node?: string;
  campaignId: ObjectId;
  campaignName: string;
  leadId: ObjectId;
  leadName: string;
  from: string;
  to: string;
  state: InboundState;
  /** Which round of ringing this is (0 before the first): a lapse timer of an earlier round finds it moved on. */
  round: number;
  /** The agents whose panels ring in this round. */
  ringing: ObjectId[];
  /** Every agent it rang, so each panel is told when it stops. */
  rang: ObjectId[];
  expiresAt: Date;
  answeredBy?: ObjectId;
  callId?: ObjectId;
  createdAt: Date;
  endedAt?: Date;
}

/** The first campaign number of the plan; the next campaign gets the next one. */
export const FIRST_INBOUND_NUMBER = 5_550_200_001;

export const inboundNumbersCollection = (db: Db): Collection<InboundNumberDoc> =>
  db.collection<InboundNumberDoc>('inboundNumbers');
export const inboundCallsCollection = (db: Db): Collection<InboundCallDoc> =>
  db.collection<InboundCallDoc>('inboundCalls');

export async function ensureInboundIndexes(db: Db): Promise<void> {
  await inboundNumbersCollection(db).createIndex({ campaignId: 1 }, { unique: true });
  await inboundCallsCollection(db).createIndex({ providerInboundId: 1 }, { unique: true });
  await inboundCallsCollection(db).createIndex({ ringing: 1, state: 1 });
}

/** The campaign's number, given on first ask: the next free one of the plan (unique indexes settle two at once). */
export async function inboundNumberOf(db: Db, campaignId: ObjectId, now: Date): Promise<string> {
  const numbers = inboundNumbersCollection(db);
  for (;;) {
    const known = await numbers.findOne({ campaignId });
    if (known) return known._id;
    const [last] = await numbers.find({}).sort({ _id: -1 }).limit(1).toArray();
    const next = String(last ? Number(last._id) + 1 : FIRST_INBOUND_NUMBER);
    try {
      await numbers.insertOne({ _id: next, campaignId, createdAt: now });
      return next;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
}

export async function campaignOfInboundNumber(db: Db, number: string): Promise<ObjectId | null> {
  return (await inboundNumbersCollection(db).findOne({ _id: number }))?.campaignId ?? null;
}

export async function insertInboundCall(db: Db, doc: InboundCallDoc): Promise<void> {
  await inboundCallsCollection(db).insertOne(doc);
}

export function findInboundCall(db: Db, id: ObjectId): Promise<InboundCallDoc | null> {
  return inboundCallsCollection(db).findOne({ _id: id });
}

export function findInboundByProviderId(db: Db, providerInboundId: string): Promise<InboundCallDoc | null> {
  return inboundCallsCollection(db).findOne({ providerInboundId });
}

/** Compare-and-set on the state (and round, or an agent still ringing); the call after the move, or null. */
export function moveInboundCall(
  db: Db,
  id: ObjectId,
  when: { states: InboundState[]; round?: number; ringing?: ObjectId },
  set: Partial<InboundCallDoc>,
  ringsToo: ObjectId[] = [],
): Promise<InboundCallDoc | null> {
  return inboundCallsCollection(db).findOneAndUpdate(
    {
      _id: id,
      state: { $in: when.states },
      ...(when.round !== undefined ? { round: when.round } : {}),
      ...(when.ringing ? { ringing: when.ringing } : {}),
    },
    { $set: set, ...(ringsToo.length ? { $addToSet: { rang: { $each: ringsToo } } } : {}) },
    { returnDocument: 'after' },
  );
}

/** The agent declined: their panel stops ringing; the answer is the call as it is now. */
export function dropRingingAgent(db: Db, id: ObjectId, agentId: ObjectId): Promise<InboundCallDoc | null> {
  return inboundCallsCollection(db).findOneAndUpdate(
    { _id: id, ringing: agentId },
    { $pull: { ringing: agentId } },
    { returnDocument: 'after' },
  );
}

/** Agents whose panel rings for a caller right now: not offered another call meanwhile. */
export async function agentsRingingInbound(db: Db, agentIds: ObjectId[]): Promise<Set<string>> {
  const rows = await inboundCallsCollection(db)
    .find({ ringing: { $in: agentIds }, state: { $in: ['assigned', 'campaign'] } }, { projection: { ringing: 1 } })
    .toArray();
  return new Set(rows.flatMap((row) => row.ringing.map((id) => id.toHexString())));
}
