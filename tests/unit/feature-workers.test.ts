import { describe, expect, it } from 'vitest';
import { Queues } from '../../shared/queues.js';
import { features } from '../../server/features/index.js';

// The worker list is derived from the features (workers/index.ts): a queue nobody declares would fill up unprocessed.
describe('queue processors declared by the features', () => {
  it('gives every queue of the catalogue exactly one processor', () => {
    const declared = features.flatMap((feature) => (feature.workers ?? []).map((worker) => worker.queue));
    expect([...declared].sort()).toEqual(Object.values(Queues).sort());
  });

  // A repeatable job is declared beside the processor that runs it; its scheduler id is shared by every process.
  it('keeps each repeatable job on a queue its own feature processes, under an id no other schedule uses', () => {
    const schedules = features.flatMap((feature) =>
      (feature.schedules ?? []).map((schedule) => ({ feature: feature.name, queue: schedule.queue, id: schedule.id })),
    );
    expect(schedules.map((s) => s.id)).toEqual(
      expect.arrayContaining(['calls-orphan-sweep', 'insights-counter-audit', 'leads-sweep']),
    );
    expect(new Set(schedules.map((s) => s.id)).size).toBe(schedules.length);
    for (const schedule of schedules) {
      const owner = features.find((feature) => feature.workers?.some((worker) => worker.queue === schedule.queue));
      expect(owner?.name, schedule.id).toBe(schedule.feature);
    }
  });
});
