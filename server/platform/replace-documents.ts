import type { AnyBulkWriteOperation, Collection, Document, Filter } from 'mongodb';

/**
 * Makes the documents of `scope` exactly `docs`: each written whole by its `_id` (upserted, 1,000 per bulk write), then
 * the scope's documents not among them removed. For figures recomputed from the data (counters, rollups), where a
 * recount replaces what was stored and what counts nothing any more must go.
 */
export async function replaceDocuments<T extends Document & { _id: unknown }>(
  collection: Collection<T>,
  docs: T[],
  scope: Filter<T> = {},
): Promise<void> {
  const ops = docs.map(
    (doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } }) as AnyBulkWriteOperation<T>,
  );
  for (let i = 0; i < ops.length; i += 1_000) await collection.bulkWrite(ops.slice(i, i + 1_000), { ordered: false });
  await collection.deleteMany({ ...scope, _id: { $nin: docs.map((d) => d._id) } } as Filter<T>);
}
