// Compile-time contracts of the features' faces: checked by `npm run lint:types` (tsc), never run. Each
// `@ts-expect-error` line must fail to compile; if one compiled, tsc would report the directive as unused.
import type { Db } from 'mongodb';
import { readOnlyLedger } from '../../server/features/commissions/public.js';
import { readOnlyDeals } from '../../server/features/deals/public.js';
import { readOnlyCalls } from '../../server/features/dialer/public.js';

export async function otherFeaturesOnlyReadTheCollectionsTheyAggregate(db: Db): Promise<void> {
  await readOnlyDeals(db).find({ status: 'closed' }).toArray();
  await readOnlyLedger(db)
    .aggregate([{ $match: { status: 'approved' } }])
    .toArray();
  await readOnlyCalls(db).countDocuments({});
  // @ts-expect-error a deal is written by the deals feature only (it moves the deal counters beside the write)
  await readOnlyDeals(db).updateOne({}, { $set: { value: 0 } });
  // @ts-expect-error ledger lines are written by the commissions jobs only
  await readOnlyLedger(db).insertOne({});
  // @ts-expect-error calls are written by the dialer only
  await readOnlyCalls(db).deleteMany({});
  // @ts-expect-error no index either: each feature creates the indexes on its own collections
  await readOnlyCalls(db).createIndex({ startedAt: 1 });
}
