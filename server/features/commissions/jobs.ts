import type { ObjectId } from 'mongodb';
import { Jobs, type CommissionDealJob } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { enqueue } from '../../platform/queues.js';

// Job ids make every job of a deal run once, however often it is enqueued (double clicks, retries).

export async function enqueueDealClosed(platform: Platform, dealId: ObjectId): Promise<void> {
  const data: CommissionDealJob = { dealId: dealId.toHexString() };
  await enqueue(platform.queues.commissions, Jobs.commissions.dealClosed, data, {
    jobId: `deal-closed-${data.dealId}`,
  });
}

export async function enqueueDealCancelled(platform: Platform, dealId: ObjectId): Promise<void> {
  const data: CommissionDealJob = { dealId: dealId.toHexString() };
  await enqueue(platform.queues.commissions, Jobs.commissions.dealCancelled, data, {
    jobId: `deal-cancelled-${data.dealId}`,
  });
}

/** Approves the deal's lines when its hold window ends (a payout run also approves whatever is due). */
export async function scheduleApproval(platform: Platform, dealId: ObjectId, at: Date): Promise<void> {
  const data: CommissionDealJob = { dealId: dealId.toHexString() };
  const delay = Math.max(0, at.getTime() - platform.clock.now().getTime());
  await enqueue(platform.queues.commissions, Jobs.commissions.approveDue, data, {
    jobId: `approve-${data.dealId}`,
    delay,
  });
}
