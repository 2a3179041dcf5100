import { ObjectId, type AnyBulkWriteOperation, type Collection, type Db, type Document } from 'mongodb';
import type { CounterFamily } from '../../platform/counter-drift.js';
import type { LeadDoc } from './repository.js';
import { replaceDocuments } from '../../platform/replace-documents.js';

/**
 * How many assigned leads are still in play (stage not Closed or Lost) per agent, campaign and stage: what projected
 * earnings are computed from. Every lead write in this feature (and the deal close in deals) passes the lead as it
 * was and as it is to `countLeadChanges`. One document per agent (`counts`: `<campaign>_<stage>` -> leads), so a
 * team's thousands of open leads are read as one small document per member.
 */
interface OpenLeadCounts {
  /** The agent. */
  _id: ObjectId;
  counts: Record<string, number>;
}

const openLeadCounts = (db: Db) => db.collection<OpenLeadCounts>('lead_open_counts');

/** The fields a lead is counted by. */
export type CountedLead = Pick<LeadDoc, 'assignedTo' | 'campaignId' | 'stage'>;

const NOT_OPEN = new Set(['Closed', 'Lost']);

function counterOf(lead: CountedLead | null | undefined): { agentId: ObjectId; key: string } | null {
  if (!lead?.assignedTo || NOT_OPEN.has(lead.stage)) return null;
  return { agentId: lead.assignedTo, key: `${lead.campaignId.toHexString()}_${lead.stage}` };
}

/** Moves the counters for leads written: each change is (the lead before, the lead after); null = none. */
export async function countLeadChanges(
  db: Db,
  changes: Array<[CountedLead | null, CountedLead | null]>,
): Promise<void> {
  const deltas = new Map<string, { agentId: ObjectId; inc: Record<string, number> }>();
  const add = (counter: { agentId: ObjectId; key: string } | null, n: number) => {
    if (!counter) return;
    const agent = counter.agentId.toHexString();
    const at = deltas.get(agent) ?? { agentId: counter.agentId, inc: {} };
    at.inc[`counts.${counter.key}`] = (at.inc[`counts.${counter.key}`] ?? 0) + n;
    deltas.set(agent, at);
  };
  for (const [before, after] of changes) {
    const [was, is] = [counterOf(before), counterOf(after)];
    if (!was && !is) continue;
    if (was && is && was.agentId.equals(is.agentId) && was.key === is.key) continue;
    add(was, -1);
    add(is, 1);
  }
  const ops: AnyBulkWriteOperation<OpenLeadCounts>[] = [...deltas.values()].map(({ agentId, inc }) => ({
    updateOne: { filter: { _id: agentId }, update: { $inc: inc }, upsert: true },
  }));
  if (ops.length) await openLeadCounts(db).bulkWrite(ops, { ordered: false });
}

/** Open leads of these agents per agent, campaign and stage (optionally one campaign). */
export async function openLeadsOf(
  db: Db,
  agentIds: ObjectId[],
  campaignId?: ObjectId,
): Promise<Array<{ assignedTo: ObjectId; campaignId: ObjectId; stage: string; count: number }>> {
  if (agentIds.length === 0) return [];
  const docs = await openLeadCounts(db)
    .find({ _id: { $in: agentIds } })
    .toArray();
  const rows: Array<{ assignedTo: ObjectId; campaignId: ObjectId; stage: string; count: number }> = [];
  for (const doc of docs) {
    for (const [key, count] of Object.entries(doc.counts ?? {})) {
      const [campaign, stage] = key.split('_');
      if (count <= 0 || (campaignId && campaign !== campaignId.toHexString())) continue;
      rows.push({ assignedTo: doc._id, campaignId: ObjectId.createFromHexString(campaign), stage, count });
    }
  }
  return rows;
}

/** Every agent's counters as the leads give them now. */
async function recountOpenLeads(db: Db): Promise<OpenLeadCounts[]> {
  const rows = await db
    .collection<LeadDoc>('leads')
    .aggregate<{ _id: { a: ObjectId; c: ObjectId; s: string }; n: number }>([
      { $match: { assignedTo: { $ne: null }, stage: { $nin: [...NOT_OPEN] } } },
      { $group: { _id: { a: '$assignedTo', c: '$campaignId', s: '$stage' }, n: { $sum: 1 } } },
    ])
    .toArray();
  const perAgent = new Map<string, OpenLeadCounts>();
  for (const { _id, n } of rows) {
    const doc = perAgent.get(_id.a.toHexString()) ?? { _id: _id.a, counts: {} };
    doc.counts[`${_id.c.toHexString()}_${_id.s}`] = n;
    perAgent.set(_id.a.toHexString(), doc);
  }
  return [...perAgent.values()];
}

/** Recounts every counter from the leads (start-up catch-up, data written straight into the collection). */
export async function rebuildOpenLeadCounts(db: Db): Promise<void> {
  const docs = await recountOpenLeads(db);
  await replaceDocuments(openLeadCounts(db), docs);
}

export const openLeadCounters = (db: Db): CounterFamily => ({
  name: 'lead_open_counts',
  collection: openLeadCounts(db) as unknown as Collection<Document>,
  recount: () => recountOpenLeads(db),
});
