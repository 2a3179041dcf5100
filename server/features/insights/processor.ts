import { Jobs, Queues } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { unknownJob, type QueueProcessor } from '../../platform/queues.js';
import { auditCounters } from './counter-audit.js';
import { refreshInsights } from './rollups.js';

/** Keeps the insights rollups current: each job recomputes whole days, so a retry or a repeat changes nothing. */
export function insightsProcessor(platform: Platform): QueueProcessor<typeof Queues.insights> {
  return async (job) => {
    switch (job.name) {
      case Jobs.insights.refresh:
        return refreshInsights(platform, job.data, job.timestamp);
      case Jobs.insights.auditCounters:
        return auditCounters(platform, job.data.confirm);
      default:
        return unknownJob(Queues.insights, job);
    }
  };
}
