import { ObjectId } from 'mongodb';
import { Jobs, Queues } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { unknownJob, type QueueProcessor } from '../../platform/queues.js';
import { distributeCampaign, sweepLeads } from './distribution.js';
import { failImport, runImport } from './import-service.js';

/** How often idle leads go back to the pool and pools left by the caps are distributed again. */
export const LEAD_SWEEP_EVERY_MS = 5 * 60_000;

export function leadsProcessor(platform: Platform): QueueProcessor<typeof Queues.leads> {
  return async (job) => {
    switch (job.name) {
      case Jobs.leads.import: {
        const { importId } = job.data;
        try {
          return await runImport(platform, importId);
        } catch (error) {
          // Earlier attempts are retried from a clean slate; after the last one nothing of the file stays.
          if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await failImport(platform, importId);
          throw error;
        }
      }
      case Jobs.leads.distribute: {
        const { campaignId } = job.data;
        const result = await distributeCampaign(platform, new ObjectId(campaignId));
        return { assigned: result.assigned };
      }
      case Jobs.leads.sweep:
        return sweepLeads(platform);
      default:
        return unknownJob(Queues.leads, job);
    }
  };
}
