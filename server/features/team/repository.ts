import { ObjectId, type Collection, type Db } from 'mongodb';
import type { TeamActivityKind } from '../../../shared/schemas/team/activity.js';

export interface TeamActivityDoc {
  _id: ObjectId;
  kind: TeamActivityKind;
  actorId: ObjectId;
  actorName: string;
  /** Receivers, nearest first: index 0 is level 1. */
  uplineIds: ObjectId[];
  at: Date;
  campaignId?: ObjectId;
  leadName?: string;
  dealValue?: number;
  callId?: ObjectId;
  duration?: number;
  text: string;
  /** Idempotency: the same key is recorded and pushed once (retried jobs). */
  key?: string;
}

const ACTIVITY_TTL_SECONDS = 7 * 24 * 3600;

export const teamActivityCollection = (db: Db): Collection<TeamActivityDoc> =>
  db.collection<TeamActivityDoc>('teamActivity');

export async function ensureTeamIndexes(db: Db): Promise<void> {
  await teamActivityCollection(db).createIndex({ uplineIds: 1, at: -1 });
  await teamActivityCollection(db).createIndex({ at: 1 }, { expireAfterSeconds: ACTIVITY_TTL_SECONDS });
  await teamActivityCollection(db).createIndex(
    { key: 1 },
    { unique: true, partialFilterExpression: { key: { $type: 'string' } } },
  );
}

/** False when the key was already recorded. */
export async function insertTeamActivity(db: Db, doc: TeamActivityDoc): Promise<boolean> {
  try {
    await teamActivityCollection(db).insertOne(doc);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

export function recentTeamActivity(db: Db, viewerId: ObjectId, limit: number): Promise<TeamActivityDoc[]> {
  return teamActivityCollection(db).find({ uplineIds: viewerId }).sort({ at: -1 }).limit(limit).toArray();
}

/**
 * Dials (calls started) and connects (calls that connected) per agent since `since`, from the dialer's `calls`
 * collection.
 */
export async function callFiguresSince(
  db: Db,
  agentIds: ObjectId[],
  since: Date,
): Promise<Map<string, { dials: number; connects: number }>> {
  const figures = new Map<string, { dials: number; connects: number }>();
  if (agentIds.length === 0) return figures;
  const rows = await db
    .collection('calls')
    .aggregate<{ _id: ObjectId; dials: number; connects: number }>([
      { $match: { agentId: { $in: agentIds }, startedAt: { $gte: since } } },
      {
        $group: {
          _id: '$agentId',
          dials: { $sum: 1 },
          connects: { $sum: { $cond: [{ $ifNull: ['$connectedAt', false] }, 1, 0] } },
        },
      },
    ])
    .toArray();
  for (const row of rows) figures.set(row._id.toHexString(), { dials: row.dials, connects: row.connects });
  return figures;
}

/** Agents with a call in progress (calling, connected or ending) right now. */
export async function agentsOnCall(db: Db, agentIds: ObjectId[]): Promise<Set<string>> {
  if (agentIds.length === 0) return new Set();
  const rows = await db
    .collection('calls')
    // An ended call keeps the agent's line (`live`) until it goes idle a moment later; the agent is off the
    // call as soon as it ended, as the `call-ended` activity already told the uplines.
    .find({ agentId: { $in: agentIds }, live: true, state: { $ne: 'ended' } }, { projection: { agentId: 1 } })
    .toArray();
  return new Set(rows.map((row) => String(row.agentId)));
}
