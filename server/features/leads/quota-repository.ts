import type { AnyBulkWriteOperation, Collection, Db, ObjectId } from 'mongodb';

/**
 * One document per agent: how many new leads distribution gave them on `day` and in `month` (UTC), and when they
 * were last served (a sequence, so "oldest-served first" does not depend on clock resolution).
 */
export interface LeadQuotaDoc {
  _id: ObjectId;
  day: string;
  dayCount: number;
  month: string;
  monthCount: number;
  lastServedSeq: number;
  lastServedAt: Date;
}

export const leadQuotasCollection = (db: Db): Collection<LeadQuotaDoc> => db.collection<LeadQuotaDoc>('leadQuotas');

export async function ensureLeadQuotaIndexes(db: Db): Promise<void> {
  await leadQuotasCollection(db).createIndex({ lastServedSeq: -1 });
}

export function findQuotas(db: Db, agentIds: ObjectId[]): Promise<LeadQuotaDoc[]> {
  return leadQuotasCollection(db)
    .find({ _id: { $in: agentIds } })
    .toArray();
}

export async function highestServedSeq(db: Db): Promise<number> {
  const top = await leadQuotasCollection(db)
    .find({}, { projection: { lastServedSeq: 1 } })
    .sort({ lastServedSeq: -1 })
    .limit(1)
    .next();
  return top?.lastServedSeq ?? 0;
}

/** Written before the leads themselves, so a crash can only over-count (never exceed a cap). */
export async function saveQuotas(db: Db, quotas: LeadQuotaDoc[]): Promise<void> {
  if (quotas.length === 0) return;
  const ops: AnyBulkWriteOperation<LeadQuotaDoc>[] = quotas.map((q) => ({
    replaceOne: { filter: { _id: q._id }, replacement: q, upsert: true },
  }));
  await leadQuotasCollection(db).bulkWrite(ops, { ordered: false });
}
