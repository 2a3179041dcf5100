import { Jobs, type EmailJob } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { enqueue } from '../../platform/queues.js';

/** Hands an e-mail to the `email` worker. The key is the job id, so enqueuing twice sends once. Keys must not contain ':'. */
export async function enqueueEmail(platform: Platform, job: EmailJob): Promise<void> {
  await enqueue(platform.queues.email, Jobs.email.send, job, { jobId: job.key });
}
