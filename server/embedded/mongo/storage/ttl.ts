// TTL monitor: removes documents whose indexed date is older than expireAfterSeconds, like
// mongod's background sweep (every ttlMonitorSleepSecs, 60 s by default).
import type { Catalogue } from './catalogue.js';
import type { Doc } from '../common/documents.js';
import { matchRecords } from '../query/query-exec.js';
import { planQuery } from '../query/planner.js';

export function sweepExpired(catalogue: Catalogue, now = Date.now()): number {
  let removed = 0;
  for (const coll of [...catalogue.allCollections()]) {
    for (const index of [...coll.indexes.values()]) {
      const ttl = index.spec.expireAfterSeconds;
      if (ttl === undefined || index.fields.length !== 1) continue;
      // Only Date values (or arrays holding one) expire; $lt on a Date brackets to dates, as mongod does.
      let filter: Doc = { [index.fields[0].path]: { $lt: new Date(now - ttl * 1000) } };
      if (index.spec.partialFilterExpression) filter = { $and: [index.spec.partialFilterExpression, filter] };
      const plan = planQuery(coll, filter);
      const rids: number[] = [];
      for (const [rid] of matchRecords(coll, { filter }, plan, { keysExamined: 0, docsExamined: 0 })) rids.push(rid);
      for (const rid of rids) coll.remove(rid);
      removed += rids.length;
    }
  }
  return removed;
}
