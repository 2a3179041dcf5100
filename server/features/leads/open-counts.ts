import type { AnyBulkWriteOperation, Db, ObjectId } from 'mongodb';
import type { LeadDoc } from './repository.js';

/**
 * How many assigned leads are still in play (stage not Closed or Lost) per agent, campaign and stage: what projected
 * earnings are computed from. Every lead write in this feature (and the deal close in deals) passes the lead as it
 * was and as it is to `countLeadChanges`, so a team's thousands of open leads are read as a few dozen counters.
 */
interface OpenLeadCount {
  /** `<agent>:<campaign>:<stage>` */
  _id: string;
  agentId: ObjectId;
  campaignId: ObjectId;
  stage: string;
  count: number;
}

const openLeadCounts = (db: Db) => db.collection<OpenLeadCount>('lead_open_counts');

export async function ensureOpenLeadCountIndexes(db: Db): Promise<void> {
  await openLeadCounts(db).createIndex({ agentId: 1, campaignId: 1 });
}

/** The fields a lead is counted by. */
export type CountedLead = Pick<LeadDoc, 'assignedTo' | 'campaignId' | 'stage'>;

const NOT_OPEN = new Set(['Closed', 'Lost']);

function counterOf(lead: CountedLead | null | undefined): Omit<OpenLeadCount, 'count'> | null {
  if (!lead?.assignedTo || NOT_OPEN.has(lead.stage)) return null;
  return { _id: `${lead.assignedTo.toHexString()}:${lead.campaignId.toHexString()}:${lead.stage}`, agentId: lead.assignedTo, campaignId: lead.campaignId, stage: lead.stage };
}

/** Moves the counters for leads written: each change is (the lead before, the lead after); null = none. */
export async function countLeadChanges(db: Db, changes: Array<[CountedLead | null, CountedLead | null]>): Promise<void> {
  const deltas = new Map<string, { counter: Omit<OpenLeadCount, 'count'>; n: number }>();
  const add = (counter: Omit<OpenLeadCount, 'count'> | null, n: number) => {
    if (!counter) return;
    const at = deltas.get(counter._id) ?? { counter, n: 0 };
    at.n += n;
    deltas.set(counter._id, at);
  };
  for (const [before, after] of changes) {
    const [was, is] = [counterOf(before), counterOf(after)];
    if (was?._id === is?._id) continue;
    add(was, -1);
    add(is, 1);
  }
  const ops: AnyBulkWriteOperation<OpenLeadCount>[] = [...deltas.values()]
    .filter(({ n }) => n !== 0)
    .map(({ counter: { _id, ...fields }, n }) => ({ updateOne: { filter: { _id }, update: { $inc: { count: n }, $setOnInsert: fields }, upsert: true } }));
  if (ops.length) await openLeadCounts(db).bulkWrite(ops, { ordered: false });
}

/** Open leads of these agents per agent, campaign and stage (optionally one campaign). */
export async function openLeadsOf(db: Db, agentIds: ObjectId[], campaignId?: ObjectId): Promise<Array<{ assignedTo: ObjectId; campaignId: ObjectId; stage: string; count: number }>> {
  if (agentIds.length === 0) return [];
  const rows = await openLeadCounts(db)
    .find({ agentId: { $in: agentIds }, ...(campaignId ? { campaignId } : {}), count: { $gt: 0 } })
    .toArray();
  return rows.map((row) => ({ assignedTo: row.agentId, campaignId: row.campaignId, stage: row.stage, count: row.count }));
}

/** Recounts every counter from the leads (start-up catch-up, data written straight into the collection). */
export async function rebuildOpenLeadCounts(db: Db): Promise<void> {
  const rows = await db
    .collection<LeadDoc>('leads')
    .aggregate<{ _id: { a: ObjectId; c: ObjectId; s: string }; n: number }>([
      { $match: { assignedTo: { $ne: null }, stage: { $nin: [...NOT_OPEN] } } },
      { $group: { _id: { a: '$assignedTo', c: '$campaignId', s: '$stage' }, n: { $sum: 1 } } },
    ])
    .toArray();
  const counters = rows.map(({ _id, n }) => ({ ...counterOf({ assignedTo: _id.a, campaignId: _id.c, stage: _id.s as LeadDoc['stage'] })!, count: n }));
  const ops: AnyBulkWriteOperation<OpenLeadCount>[] = counters.map((counter) => ({ replaceOne: { filter: { _id: counter._id }, replacement: counter, upsert: true } }));
  for (let i = 0; i < ops.length; i += 1_000) await openLeadCounts(db).bulkWrite(ops.slice(i, i + 1_000), { ordered: false });
  await openLeadCounts(db).deleteMany({ _id: { $nin: counters.map((c) => c._id) } });
}
