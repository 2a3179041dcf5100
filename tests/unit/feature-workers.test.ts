import { describe, expect, it } from 'vitest';
import { Queues } from '../../shared/queues.js';
import { features } from '../../server/features/index.js';

// The worker list is derived from the features (workers/index.ts): a queue nobody declares would fill up unprocessed.
describe('queue processors declared by the features', () => {
  it('gives every queue of the catalogue exactly one processor', () => {
    const declared = features.flatMap((feature) => (feature.workers ?? []).map((worker) => worker.queue));
    expect([...declared].sort()).toEqual(Object.values(Queues).sort());
  });
});
