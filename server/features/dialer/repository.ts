import { ObjectId, type Collection, type Db, type Filter } from 'mongodb';
import { readOnly, type ReadOnlyCollection } from '../../platform/read-only-collection.js';
import type { CallSnapshot, CallState, PhoneStatus, QueueContact, TimelineEntry } from './machine.js';

export interface CallDoc extends CallSnapshot {
  _id: ObjectId;
  agentId: ObjectId;
  leadId?: ObjectId;
  /** As dialed (shown back to the agent); `phoneDigits` is what do-not-call and search match on. */
  phone: string;
  phoneDigits: string;
  name: string;
  campaignId?: ObjectId;
  campaignName?: string;
  direction: 'outbound' | 'inbound';
  notes: string;
  recordingId?: ObjectId;
  /** The provider is recording the call (set once the gateway confirmed it; a SIP call from its answer). */
  recorded?: true;
  /** Keys the lead pressed during the call (RFC 4733 events), oldest first, the last `LEAD_KEYS_KEPT`. */
  leadKeys?: string[];
  /** The campaign announces recording and monitoring: the lead hears the announcement when the call is answered. */
  announceRecording?: true;
  /** Not recorded, and why: the campaign records no lead in an all-party-consent state without the announcement. */
  recordingOff?: { reason: 'consent-state'; state: string };
  /**
   * Present (true) while the call holds the agent's line and the lead's claim (calling .. ended, until
   * idle). Two unique partial indexes on it make "one live call per agent" and "one agent per lead" atomic.
   */
  live?: true;
  autoDialed: boolean;
  /** The process holding the call's session with the provider (`PhoneProvider.sessionNode`; SIP calls). */
  phoneNode?: string;
  /** The answered call's SIP dialog as the provider kept it (opaque): another process ends it if `phoneNode` dies. */
  sipDialog?: string;
  /** Auto-dial's idempotency key: the same auto-dial step never places a second call. */
  dialKey?: string;
  /** The queue entry this call was dialed from; removed from the queue once the call exists. */
  queueContactId?: string;
  provider: string;
  /** Each hand-over of the live call to another agent (dialer transfers), oldest first; `agentId` is the last `to`. */
  transfers?: Array<{ from: ObjectId; to: ObjectId; mode: 'warm' | 'blind'; at: Date; transferId: ObjectId }>;
  /** A transfer to one of the campaign's closing desks (an outside number): where it stands. */
  deskTransfer?: {
    deskId: string;
    name: string;
    mode: 'warm' | 'blind';
    /** hung-up: the desk answered, then hung up before the opener completed the transfer (`at`: when). */
    state: 'ringing' | 'conference' | 'completed' | 'not-reached' | 'hung-up';
    at: Date;
  };
  /** What the agent's browser measured during a WebRTC call: sums for the averages, extremes, and the last sample's time. */
  quality?: CallQualityDoc;
  /**
   * +1 on every write (1 when placed; calls stored before versions count as 0): a view carries it, and a tab drops
   * any view of the call older than one it has shown (a slow REST answer overtaken by a push).
   */
  version?: number;
}

export interface CallQualityDoc {
  samples: number;
  poorSamples: number;
  sum: { rttMs: number; jitterMs: number; lossPercent: number; mos: number };
  worst: { rttMs: number; jitterMs: number; lossPercent: number; mos: number };
  lastAt: Date;
}

export interface DialQueueDoc {
  _id: ObjectId;
  agentId: ObjectId;
  contacts: Array<QueueContact & { skipReason?: string }>;
  autoDial: boolean;
  pausedReason?: string;
  notice?: string;
  /** +1 on every change of the queue view (not of the phone session); missing on queues written before it = 0. */
  version?: number;
  /**
   * The agent's phone session with the provider (initialize -> connect); `node`: the process holding it, for a
   * provider whose sessions live in one process (its `sessionNode`).
   */
  phone: { status: PhoneStatus; at: Date; node?: string };
  updatedAt: Date;
  /** `dialKey` of the last call dialed from the queue whose contact has been taken off it (see settleLastQueueDial). */
  dequeuedDialKey?: string;
}

export interface DncDoc {
  _id: ObjectId;
  /** 'global' or a campaign id (hex). */
  scope: string;
  phone: string;
  reason?: string;
  addedBy: ObjectId;
  createdAt: Date;
}

export const callsCollection = (db: Db): Collection<CallDoc> => db.collection<CallDoc>('calls');
/**
 * The calls for the features that read them (the call history, the Insights rollups): every write stays with the
 * dialer, whose call machine and live-call indexes hold one live call per agent and per lead.
 */
export const readOnlyCalls = (db: Db): ReadOnlyCollection<CallDoc> => readOnly(callsCollection(db));
export const dialQueuesCollection = (db: Db): Collection<DialQueueDoc> => db.collection<DialQueueDoc>('dialQueues');
export const dncCollection = (db: Db): Collection<DncDoc> => db.collection<DncDoc>('dncNumbers');

export const AGENT_LINE_INDEX = 'one_live_call_per_agent';
export const LEAD_CLAIM_INDEX = 'one_live_call_per_lead';

export async function ensureDialerIndexes(db: Db): Promise<void> {
  const calls = callsCollection(db);
  await calls.createIndex(
    { agentId: 1 },
    { name: AGENT_LINE_INDEX, unique: true, partialFilterExpression: { live: true } },
  );
  await calls.createIndex(
    { leadId: 1 },
    { name: LEAD_CLAIM_INDEX, unique: true, partialFilterExpression: { live: true, leadId: { $exists: true } } },
  );
  await calls.createIndex({ dialKey: 1 }, { unique: true, partialFilterExpression: { dialKey: { $type: 'string' } } });
  await calls.createIndex({ agentId: 1, startedAt: -1 });
  await calls.createIndex({ campaignId: 1, startedAt: -1 });
  await calls.createIndex({ startedAt: -1 });
  await calls.createIndex({ phoneDigits: 1, startedAt: -1 });
  // The orphan sweep (every 3 s with the `sip` provider) reads only live calls, not the whole history.
  await calls.createIndex(
    { phoneNode: 1 },
    { name: 'live_calls_by_phone_node', partialFilterExpression: { live: true } },
  );
  await dialQueuesCollection(db).createIndex({ agentId: 1 }, { unique: true });
  await dncCollection(db).createIndex({ scope: 1, phone: 1 }, { unique: true });
  await dncCollection(db).createIndex({ phone: 1 });
}

export type InsertCallResult = 'inserted' | 'agent-busy' | 'lead-claimed' | 'already-dialed';

/** The unique indexes decide races: which one refused the call says why. */
export async function insertCall(db: Db, call: CallDoc): Promise<InsertCallResult> {
  try {
    await callsCollection(db).insertOne(call);
    return 'inserted';
  } catch (error) {
    const e = error as { code?: number; message?: string; keyPattern?: Record<string, unknown> };
    if (e.code !== 11000) throw error;
    const text = `${e.message ?? ''} ${JSON.stringify(e.keyPattern ?? {})}`;
    if (text.includes('dialKey')) return 'already-dialed';
    if (text.includes(LEAD_CLAIM_INDEX) || text.includes('leadId')) return 'lead-claimed';
    return 'agent-busy';
  }
}

export function findCall(db: Db, id: ObjectId): Promise<CallDoc | null> {
  return callsCollection(db).findOne({ _id: id });
}

export function findCallByDialKey(db: Db, dialKey: string): Promise<CallDoc | null> {
  return callsCollection(db).findOne({ dialKey });
}

export function findLiveCall(db: Db, agentId: ObjectId): Promise<CallDoc | null> {
  return callsCollection(db).findOne({ agentId, live: true });
}

/** Live calls placed by a process holding their session (SIP), for the orphan sweep. */
export function findLiveNodeCalls(db: Db): Promise<CallDoc[]> {
  return callsCollection(db)
    .find({ live: true, phoneNode: { $exists: true } })
    .toArray();
}

export function findLatestCall(db: Db, agentId: ObjectId): Promise<CallDoc | null> {
  return callsCollection(db).findOne({ agentId }, { sort: { startedAt: -1 } });
}

/** The agent's most recent call dialed from the call queue (by auto-dial). */
export function findLatestQueueCall(db: Db, agentId: ObjectId): Promise<CallDoc | null> {
  return callsCollection(db).findOne({ agentId, queueContactId: { $exists: true } }, { sort: { startedAt: -1 } });
}

/**
 * Writes one transition if the call is still in the state it was read in; null when another step
 * moved it first (the caller re-reads and re-decides).
 */
export async function applyCallTransition(
  db: Db,
  id: ObjectId,
  from: CallState,
  fromMuted: boolean,
  next: CallSnapshot,
  added: TimelineEntry[],
  extra: Partial<CallDoc> = {},
  fromHeld = false,
): Promise<CallDoc | null> {
  const set: Partial<CallDoc> = {
    ...extra,
    state: next.state,
    muted: next.muted,
    held: Boolean(next.held),
    duration: next.duration,
  };
  for (const key of [
    'status',
    'reached',
    'connectedAt',
    'endedAt',
    'idleAt',
    'endedBy',
    'sipStatus',
    'ringingAt',
    'earlyMedia',
    'dialResult',
    'sipCause',
  ] as const) {
    if (next[key] !== undefined) (set as Record<string, unknown>)[key] = next[key];
  }
  return callsCollection(db).findOneAndUpdate(
    // Calls stored before hold have no `held`: they count as not held.
    { _id: id, state: from, muted: fromMuted, held: fromHeld ? true : { $ne: true } },
    {
      $set: set,
      $inc: { version: 1 },
      ...(next.state === 'idle' ? { $unset: { live: '' as const } } : {}),
      ...(added.length ? { $push: { timeline: { $each: added } } } : {}),
    },
    { returnDocument: 'after' },
  );
}

/** The call's recording is stored (under the call's id). */
export function setCallRecording(db: Db, id: ObjectId): Promise<CallDoc | null> {
  return callsCollection(db).findOneAndUpdate(
    { _id: id },
    { $set: { recordingId: id }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  );
}

/** Marks a connected call as being recorded; null when it is no longer connected. */
export function markCallRecorded(db: Db, id: ObjectId): Promise<CallDoc | null> {
  return callsCollection(db).findOneAndUpdate(
    { _id: id, state: 'connected' },
    { $set: { recorded: true }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  );
}

/** Keys a call keeps: enough for an account or menu number, not a transcript of a lead leaning on the keypad. */
export const LEAD_KEYS_KEPT = 32;

/** A key the lead pressed on a live call; null when the call is no longer live. */
export function addLeadKey(db: Db, id: ObjectId, key: string): Promise<CallDoc | null> {
  return callsCollection(db).findOneAndUpdate(
    { _id: id, live: true },
    { $push: { leadKeys: { $each: [key], $slice: -LEAD_KEYS_KEPT } }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  );
}

/**
 * Adds one quality sample to the agent's own call while it is connected (or ending), at most one per `minGapMs` and
 * `maxSamples` in all; null when the call is not the agent's, not live, or the sample came too soon.
 */
export function addCallQualitySample(
  db: Db,
  id: ObjectId,
  agentId: ObjectId,
  sample: { rttMs: number; jitterMs: number; lossPercent: number; mos: number; poor: boolean },
  now: Date,
  limits: { minGapMs: number; maxSamples: number },
): Promise<CallDoc | null> {
  const { rttMs, jitterMs, lossPercent, mos, poor } = sample;
  return callsCollection(db).findOneAndUpdate(
    {
      _id: id,
      agentId,
      live: true,
      state: { $in: ['connected', 'ending'] },
      $and: [
        {
          $or: [
            { quality: { $exists: false } },
            { 'quality.lastAt': { $lte: new Date(now.getTime() - limits.minGapMs) } },
          ],
        },
        { $or: [{ quality: { $exists: false } }, { 'quality.samples': { $lt: limits.maxSamples } }] },
      ],
    },
    {
      $inc: {
        version: 1,
        'quality.samples': 1,
        'quality.poorSamples': poor ? 1 : 0,
        'quality.sum.rttMs': rttMs,
        'quality.sum.jitterMs': jitterMs,
        'quality.sum.lossPercent': lossPercent,
        'quality.sum.mos': mos,
      },
      $max: {
        'quality.worst.rttMs': rttMs,
        'quality.worst.jitterMs': jitterMs,
        'quality.worst.lossPercent': lossPercent,
      },
      $min: { 'quality.worst.mos': mos },
      $set: { 'quality.lastAt': now },
    },
    { returnDocument: 'after' },
  );
}

export function setCallNotes(db: Db, id: ObjectId, agentId: ObjectId, notes: string): Promise<CallDoc | null> {
  return callsCollection(db).findOneAndUpdate(
    { _id: id, agentId },
    { $set: { notes }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  );
}

export function countCallsSince(db: Db, agentId: ObjectId, since: Date): Promise<number> {
  return callsCollection(db).countDocuments({ agentId, startedAt: { $gte: since } });
}

/** Calls placed to one number since `since`, by any agent (a state's limit per person). */
export function countCallsToNumberSince(db: Db, phoneDigits: string, since: Date): Promise<number> {
  return callsCollection(db).countDocuments({ phoneDigits, startedAt: { $gte: since } });
}

// --- the agent's dialer session and queue --------------------------------------------------------

export async function loadDialQueue(db: Db, agentId: ObjectId, now: Date): Promise<DialQueueDoc> {
  const found = await dialQueuesCollection(db).findOne({ agentId });
  if (found) return found;
  try {
    const doc: DialQueueDoc = {
      _id: new ObjectId(),
      agentId,
      contacts: [],
      autoDial: false,
      version: 0,
      phone: { status: 'uninitialized', at: now },
      updatedAt: now,
    };
    await dialQueuesCollection(db).insertOne(doc);
    return doc;
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    return (await dialQueuesCollection(db).findOne({ agentId }))!;
  }
}

/** `bump`: the queue view changes (its version goes up); false for the phone session only. */
export function updateDialQueue(
  db: Db,
  agentId: ObjectId,
  filter: Filter<DialQueueDoc>,
  set: Partial<DialQueueDoc>,
  unset: Array<keyof DialQueueDoc> = [],
  bump = true,
): Promise<DialQueueDoc | null> {
  return dialQueuesCollection(db).findOneAndUpdate(
    { agentId, ...filter },
    {
      $set: set,
      ...(bump ? { $inc: { version: 1 } } : {}),
      ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, ''])) } : {}),
    },
    { returnDocument: 'after' },
  );
}

/** Matches the queue only while it is still at `version` (queues from before versions count as 0). */
export const atQueueVersion = (version: number): Filter<DialQueueDoc> =>
  version === 0 ? { $or: [{ version: 0 }, { version: { $exists: false } }] } : { version };

/** Removes one contact (by its id) from the queue; harmless when it is already gone. `dialKey`: the call dialed from it. */
export function pullQueueContact(
  db: Db,
  agentId: ObjectId,
  contactId: string,
  now: Date,
  dialKey?: string,
): Promise<DialQueueDoc | null> {
  return dialQueuesCollection(db).findOneAndUpdate(
    { agentId },
    {
      $pull: { contacts: { id: contactId } },
      $set: { updatedAt: now, ...(dialKey ? { dequeuedDialKey: dialKey } : {}) },
      $inc: { version: 1 },
    },
    { returnDocument: 'after' },
  );
}

export async function setContactSkipReasons(
  db: Db,
  agentId: ObjectId,
  reasons: Map<string, string>,
  notice: string | undefined,
  now: Date,
): Promise<DialQueueDoc | null> {
  const queue = await dialQueuesCollection(db).findOne({ agentId });
  if (!queue) return null;
  const contacts = queue.contacts.map((c) => {
    const reason = reasons.get(c.id);
    const { skipReason: _old, ...rest } = c;
    return reason ? { ...rest, skipReason: reason } : rest;
  });
  return dialQueuesCollection(db).findOneAndUpdate(
    { agentId, updatedAt: queue.updatedAt },
    {
      $set: { contacts, updatedAt: now, ...(notice ? { notice } : {}) },
      $inc: { version: 1 },
      ...(notice ? {} : { $unset: { notice: '' as const } }),
    },
    { returnDocument: 'after' },
  );
}

// --- do-not-call -------------------------------------------------------------------------------

export async function insertDnc(db: Db, doc: DncDoc): Promise<DncDoc> {
  try {
    await dncCollection(db).insertOne(doc);
    return doc;
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    return (await dncCollection(db).findOne({ scope: doc.scope, phone: doc.phone }))!;
  }
}

/** The first entry that bars this number: on one of `scopes` ('global' or campaign ids), or marked by `markedBy`. */
export function findDnc(db: Db, phoneDigits: string, scopes: string[], markedBy?: ObjectId): Promise<DncDoc | null> {
  const where: Filter<DncDoc>[] = [{ scope: { $in: scopes } }, ...(markedBy ? [{ addedBy: markedBy }] : [])];
  return dncCollection(db).findOne({ phone: phoneDigits, $or: where });
}

export function listDnc(db: Db, scopes: string[]): Promise<DncDoc[]> {
  return dncCollection(db)
    .find({ scope: { $in: scopes } })
    .sort({ createdAt: -1 })
    .limit(1_000)
    .toArray();
}

/**
 * The connected phone's node becomes `to`, unless another write moved it (or the phone) meanwhile: null then, or when
 * it is `to` already.
 */
export function movePhoneNode(
  db: Db,
  agentId: ObjectId,
  from: string | undefined,
  to: string,
): Promise<DialQueueDoc | null> {
  return dialQueuesCollection(db).findOneAndUpdate(
    { agentId, 'phone.status': 'connected', 'phone.node': from ?? { $exists: false } },
    { $set: { 'phone.node': to } },
    { returnDocument: 'after' },
  );
}

/** Keeps the answered call's dialog (no new version: nothing a tab shows changes). */
export async function setCallDialog(db: Db, id: ObjectId, dialog: string): Promise<void> {
  await callsCollection(db).updateOne({ _id: id, live: true }, { $set: { sipDialog: dialog } });
}
