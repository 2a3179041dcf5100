import type { Job } from 'bullmq';
import { ObjectId } from 'mongodb';
import { Jobs, type CommissionDealJob } from '../shared/queues.js';
import type { Platform } from '../server/platform/context.js';
import { approveDueCommissions, recordDealCommissions, reverseDealCommissions } from '../server/features/commissions/service.js';

/** The ledger side of deals: each job is idempotent (unique ledger key, notification keys), so retries are safe. */
export function commissionsProcessor(platform: Platform) {
  return async (job: Job<CommissionDealJob>) => {
    const dealId = new ObjectId(job.data.dealId);
    switch (job.name) {
      case Jobs.commissions.dealClosed:
        return { written: await recordDealCommissions(platform, dealId) };
      case Jobs.commissions.dealCancelled:
        return { clawbacks: await reverseDealCommissions(platform, dealId) };
      case Jobs.commissions.approveDue:
        return { approved: await approveDueCommissions(platform, dealId) };
      default:
        throw new Error(`unknown commissions job ${job.name}`);
    }
  };
}
