import { ObjectId, type Collection, type Db } from 'mongodb';
import type { CoachingAuditAction } from '../../../shared/schemas/coaching/audit.js';
import type { CoachBasis, MonitorMode } from '../../../shared/schemas/coaching/sessions.js';

/** A coach on an agent's call, from the join until they leave or the call ends (`endedAt`). */
export interface CoachingSessionDoc {
  _id: ObjectId;
  callId: ObjectId;
  agentId: ObjectId;
  coachId: ObjectId;
  campaignId?: ObjectId;
  basis: CoachBasis;
  mode: MonitorMode;
  startedAt: Date;
  endedAt?: Date;
}

/** One line of the audit log: every join, mode change, leave and refusal, kept for the campaign's owner and admins. */
interface CoachingAuditDoc {
  _id: ObjectId;
  at: Date;
  action: CoachingAuditAction;
  actorId: ObjectId;
  agentId?: ObjectId;
  callId?: ObjectId;
  campaignId?: ObjectId;
  sessionId?: ObjectId;
  mode?: MonitorMode;
  basis?: CoachBasis;
  via: 'http' | 'socket' | 'server';
}

const sessionsCollection = (db: Db): Collection<CoachingSessionDoc> =>
  db.collection<CoachingSessionDoc>('coachingSessions');
const auditCollection = (db: Db): Collection<CoachingAuditDoc> => db.collection<CoachingAuditDoc>('coachingAudit');

export async function ensureCoachingIndexes(db: Db): Promise<void> {
  await sessionsCollection(db).createIndex({ callId: 1, endedAt: 1 });
  await sessionsCollection(db).createIndex({ agentId: 1, endedAt: 1 });
  await auditCollection(db).createIndex({ at: -1 });
  await auditCollection(db).createIndex({ campaignId: 1, at: -1 });
}

export async function insertSession(db: Db, doc: Omit<CoachingSessionDoc, '_id'>): Promise<CoachingSessionDoc> {
  const session = { _id: new ObjectId(), ...doc };
  await sessionsCollection(db).insertOne(session);
  return session;
}

export function findOpenSession(db: Db, id: ObjectId): Promise<CoachingSessionDoc | null> {
  return sessionsCollection(db).findOne({ _id: id, endedAt: { $exists: false } });
}

export function findOpenSessionOf(db: Db, callId: ObjectId, coachId: ObjectId): Promise<CoachingSessionDoc | null> {
  return sessionsCollection(db).findOne({ callId, coachId, endedAt: { $exists: false } });
}

export function openSessionsOfCall(db: Db, callId: ObjectId): Promise<CoachingSessionDoc[]> {
  return sessionsCollection(db)
    .find({ callId, endedAt: { $exists: false } })
    .toArray();
}

export function openSessionsOfAgent(db: Db, agentId: ObjectId): Promise<CoachingSessionDoc[]> {
  return sessionsCollection(db)
    .find({ agentId, endedAt: { $exists: false } })
    .toArray();
}

export async function setSessionMode(db: Db, id: ObjectId, mode: MonitorMode): Promise<void> {
  await sessionsCollection(db).updateOne({ _id: id }, { $set: { mode } });
}

/** False when the session had already ended (a leave racing the call's end). */
export async function endSession(db: Db, id: ObjectId, at: Date): Promise<boolean> {
  const result = await sessionsCollection(db).updateOne(
    { _id: id, endedAt: { $exists: false } },
    { $set: { endedAt: at } },
  );
  return result.modifiedCount === 1;
}

export async function insertAuditLine(db: Db, line: Omit<CoachingAuditDoc, '_id'>): Promise<void> {
  await auditCollection(db).insertOne({ _id: new ObjectId(), ...line });
}

/** Newest first; `campaignIds` limits the lines to those campaigns' calls (an owner), undefined reads all (an admin). */
export function recentAuditLines(
  db: Db,
  campaignIds: ObjectId[] | undefined,
  limit: number,
): Promise<CoachingAuditDoc[]> {
  return auditCollection(db)
    .find(campaignIds ? { campaignId: { $in: campaignIds } } : {})
    .sort({ at: -1 })
    .limit(limit)
    .toArray();
}
