import type { Job } from 'bullmq';
import { JOB_STATES, type QueueOverview } from '../../../shared/schemas/admin/queues.js';
import { AdminMessages } from '../../../shared/schemas/admin/waitlist.js';
import type { QueueName } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';

const failure = (job: Job) => ({
  id: String(job.id),
  name: job.name,
  failedReason: job.failedReason ?? '',
  attemptsMade: job.attemptsMade,
  failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
});

/** Counts per queue and state, and the latest failures, for the admin queue dashboard. */
export async function queueOverview(platform: Platform): Promise<QueueOverview> {
  const queues = await Promise.all(
    Object.entries(platform.queues).map(async ([name, queue]) => {
      const [counts, failed] = await Promise.all([queue.getJobCounts(...JOB_STATES), queue.getFailed(0, 9)]);
      return { name, counts, recentFailures: failed.filter(Boolean).map(failure) };
    }),
  );
  return { queues };
}

/** Puts a failed job back in line (the job itself is idempotent, so a retry is safe). */
export async function retryFailedJob(platform: Platform, name: string, jobId: string): Promise<void> {
  const queue = Object.hasOwn(platform.queues, name) ? platform.queues[name as QueueName] : undefined;
  if (!queue) throw notFound(AdminMessages.queueNotFound);
  const job = await queue.getJob(jobId);
  if (!job) throw notFound('There is no job with this id.');
  if (!(await job.isFailed())) throw conflict('Only failed jobs can be retried.');
  await job.retry('failed');
}
