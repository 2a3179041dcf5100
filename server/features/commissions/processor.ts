import { ObjectId } from 'mongodb';
import { Jobs, Queues } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { unknownJob, type QueueProcessor } from '../../platform/queues.js';
import { approveDueCommissions, recordDealCommissions, reverseDealCommissions } from './service.js';

/** The ledger side of deals: each job is idempotent (unique ledger key, notification keys), so retries are safe. */
export function commissionsProcessor(platform: Platform): QueueProcessor<typeof Queues.commissions> {
  return async (job) => {
    const dealId = new ObjectId(job.data.dealId);
    switch (job.name) {
      case Jobs.commissions.dealClosed:
        return { written: await recordDealCommissions(platform, dealId) };
      case Jobs.commissions.dealCancelled:
        return { clawbacks: await reverseDealCommissions(platform, dealId) };
      case Jobs.commissions.approveDue:
        return { approved: await approveDueCommissions(platform, dealId) };
      default:
        return unknownJob(Queues.commissions, job);
    }
  };
}
