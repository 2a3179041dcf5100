import { Jobs, type EmailMessage } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import { enqueue } from '../../platform/queues.js';
import { sealEmail } from './sealing.js';

/**
 * Hands an e-mail to the `email` worker, its data sealed (the queue board and Redis show no code). The key is the
 * job id, so enqueuing twice sends once. Keys must not contain ':'.
 */
export async function enqueueEmail(platform: Platform, message: EmailMessage): Promise<void> {
  // Nothing to look at once sent (the outbox or `sentMails` records delivery): completed jobs go at once. Failed
  // ones stay for the board's retry; their data stays sealed.
  await enqueue(platform.queues.email, Jobs.email.send, sealEmail(platform.config.jwtSecret, message), {
    jobId: message.key,
    removeOnComplete: true,
  });
}
