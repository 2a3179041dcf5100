import type { AnyBulkWriteOperation, Collection, Db, Document, ObjectId } from 'mongodb';
import type { CounterFamily } from '../../platform/counter-drift.js';
import type { LeadDoc } from './repository.js';
import { replaceDocuments } from '../../platform/replace-documents.js';

const DAY = 86_400_000;
const SLOT = 15 * 60_000;

/** How a return to the pool begins in a lead's history. */
export const RETURN_TO_POOL = 'Returned to the pool';

type FlowFigure = 'imported' | 'distributed' | 'worked' | 'recycled';

/**
 * A campaign's lead flow over one UTC day, per 15-minute slot (`slots`: slot of the day 0-95 -> figures) and summed
 * (`totals`), so any time zone's local days are sums of whole slots. imported, distributed and worked place each lead
 * where its fields place it now (created and not staged; assignedAt; dispositionAt with a status other than New):
 * every lead write in this feature passes the lead as it was and as it is, and the counts move by exactly that.
 * recycled counts returns to the pool, where they happened.
 */
export interface LeadFlowDoc {
  /** `<campaign>:<YYYY-MM-DD>` */
  _id: string;
  campaignId: ObjectId;
  day: Date;
  totals: Partial<Record<FlowFigure, number>>;
  slots: Record<string, Partial<Record<FlowFigure, number>>>;
}

const leadFlowCollection = (db: Db) => db.collection<LeadFlowDoc>('lead_flow_counts');

export async function ensureLeadFlowIndexes(db: Db): Promise<void> {
  await leadFlowCollection(db).createIndex({ campaignId: 1, day: 1 });
  await leadFlowCollection(db).createIndex({ day: 1 });
}

/** The fields a lead's flow is placed by. */
export type FlowLead = Pick<
  LeadDoc,
  'campaignId' | 'createdAt' | 'staged' | 'assignedAt' | 'disposition' | 'dispositionAt'
>;

/** A return to the pool. */
export interface LeadReturn {
  campaignId: ObjectId;
  at: Date;
}

function marksOf(lead: FlowLead | null): Array<[FlowFigure, Date]> {
  if (!lead) return [];
  const marks: Array<[FlowFigure, Date]> = [];
  if (!lead.staged) marks.push(['imported', lead.createdAt]);
  if (lead.assignedAt) marks.push(['distributed', lead.assignedAt]);
  if (lead.dispositionAt && lead.disposition !== 'New') marks.push(['worked', lead.dispositionAt]);
  return marks;
}

class FlowDeltas {
  private readonly byDoc = new Map<string, LeadFlowDoc>();

  add(campaignId: ObjectId, figure: FlowFigure, at: Date, n: number): void {
    const dayStart = Math.floor(at.getTime() / DAY) * DAY;
    const id = `${campaignId.toHexString()}:${new Date(dayStart).toISOString().slice(0, 10)}`;
    const doc = this.byDoc.get(id) ?? { _id: id, campaignId, day: new Date(dayStart), totals: {}, slots: {} };
    this.byDoc.set(id, doc);
    const slot = (doc.slots[String(Math.floor((at.getTime() - dayStart) / SLOT))] ??= {});
    slot[figure] = (slot[figure] ?? 0) + n;
    doc.totals[figure] = (doc.totals[figure] ?? 0) + n;
  }

  /** The changes as increments of the stored counts. */
  increments(): AnyBulkWriteOperation<LeadFlowDoc>[] {
    const ops: AnyBulkWriteOperation<LeadFlowDoc>[] = [];
    for (const { _id, campaignId, day, totals, slots } of this.byDoc.values()) {
      const inc: Record<string, number> = {};
      for (const [figure, n] of Object.entries(totals)) if (n) inc[`totals.${figure}`] = n;
      for (const [q, figures] of Object.entries(slots))
        for (const [figure, n] of Object.entries(figures)) if (n) inc[`slots.${q}.${figure}`] = n;
      if (Object.keys(inc).length)
        ops.push({
          updateOne: { filter: { _id }, update: { $inc: inc, $setOnInsert: { campaignId, day } }, upsert: true },
        });
    }
    return ops;
  }

  /** The counts as whole documents (a recount). */
  documents(): LeadFlowDoc[] {
    return [...this.byDoc.values()];
  }
}

/** Moves the flow counts for leads written (each change: the lead before and after; null = none) and returns to the pool. */
export async function countLeadFlow(
  db: Db,
  changes: Array<[FlowLead | null, FlowLead | null]>,
  returns: LeadReturn[] = [],
): Promise<void> {
  const deltas = new FlowDeltas();
  for (const [before, after] of changes) {
    for (const [figure, at] of marksOf(before)) deltas.add(before!.campaignId, figure, at, -1);
    for (const [figure, at] of marksOf(after)) deltas.add(after!.campaignId, figure, at, 1);
  }
  for (const { campaignId, at } of returns) deltas.add(campaignId, 'recycled', at, 1);
  const ops = deltas.increments();
  if (ops.length) await leadFlowCollection(db).bulkWrite(ops, { ordered: false });
}

const campaignScope = (campaignIds: ObjectId[] | undefined) =>
  campaignIds ? { campaignId: { $in: campaignIds } } : {};

/** Day totals summed per campaign over whole UTC days [fromDay, toDay) (`campaignIds` undefined: every campaign). */
export async function leadFlowTotals(
  db: Db,
  campaignIds: ObjectId[] | undefined,
  fromDay: Date,
  toDay: Date,
): Promise<Array<{ id: ObjectId; figures: Record<string, number> }>> {
  if (fromDay >= toDay) return [];
  const figures: FlowFigure[] = ['imported', 'distributed', 'worked', 'recycled'];
  const rows = await leadFlowCollection(db)
    .aggregate<{ _id: ObjectId } & Record<FlowFigure, number>>([
      { $match: { ...campaignScope(campaignIds), day: { $gte: fromDay, $lt: toDay } } },
      { $group: { _id: '$campaignId', ...Object.fromEntries(figures.map((f) => [f, { $sum: `$totals.${f}` }])) } },
    ])
    .toArray();
  return rows.map(({ _id, ...sums }) => ({ id: _id, figures: sums }));
}

/** The documents of these days, with their slots. */
export function leadFlowOn(db: Db, campaignIds: ObjectId[] | undefined, days: Date[]): Promise<LeadFlowDoc[]> {
  if (days.length === 0) return Promise.resolve([]);
  return leadFlowCollection(db)
    .find({ ...campaignScope(campaignIds), day: { $in: days } }, { projection: { campaignId: 1, day: 1, slots: 1 } })
    .toArray();
}

/** Every campaign's flow as the leads give it now. */
async function recountLeadFlow(db: Db): Promise<LeadFlowDoc[]> {
  const deltas = new FlowDeltas();
  const leads = db.collection<LeadDoc>('leads').find(
    {},
    {
      projection: {
        campaignId: 1,
        createdAt: 1,
        staged: 1,
        assignedAt: 1,
        disposition: 1,
        dispositionAt: 1,
        history: 1,
      },
    },
  );
  for await (const lead of leads) {
    for (const [figure, at] of marksOf(lead)) deltas.add(lead.campaignId, figure, at, 1);
    // The history is where every return to the pool is written.
    for (const entry of lead.history ?? [])
      if (entry.change.startsWith(RETURN_TO_POOL)) deltas.add(lead.campaignId, 'recycled', entry.at, 1);
  }
  return deltas.documents();
}

/** Recounts every campaign's flow from the leads (start-up catch-up, data written straight into the collection). */
export async function rebuildLeadFlow(db: Db): Promise<void> {
  const docs = await recountLeadFlow(db);
  await replaceDocuments(leadFlowCollection(db), docs);
}

export const leadFlowCounters = (db: Db): CounterFamily => ({
  name: 'lead_flow_counts',
  collection: leadFlowCollection(db) as unknown as Collection<Document>,
  recount: () => recountLeadFlow(db),
  insertFields: (doc) => ({ campaignId: doc.campaignId, day: doc.day }),
});
