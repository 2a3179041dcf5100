import type { Collection, Document } from 'mongodb';

/**
 * What another feature may do with a feature's collection when an aggregation of its own has to run there (the
 * Insights rollups and the leaderboard's standings): read. The owner keeps every write, so counters it keeps beside
 * its writes (lead and deal figures) cannot drift through a write it never saw.
 */
export type ReadOnlyCollection<T extends Document> = Pick<Collection<T>, 'find' | 'aggregate' | 'countDocuments'>;

/** `$out` and `$merge` would write through an aggregation: the handle refuses them before the server sees them. */
const WRITING_STAGES = ['$out', '$merge'];

/** A handle on `collection` that holds no write method at run time either (a cast cannot bring one back). */
export function readOnly<T extends Document>(collection: Collection<T>): ReadOnlyCollection<T> {
  const aggregate = ((pipeline?: Document[], options?: Parameters<Collection<T>['aggregate']>[1]) => {
    if (pipeline?.some((stage) => WRITING_STAGES.some((name) => name in stage)))
      throw new Error(`A read-only handle on ${collection.collectionName} cannot run $out or $merge.`);
    return collection.aggregate(pipeline, options);
  }) as Collection<T>['aggregate'];
  return {
    find: collection.find.bind(collection) as Collection<T>['find'],
    aggregate,
    countDocuments: collection.countDocuments.bind(collection),
  };
}
