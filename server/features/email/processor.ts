import type { Queues } from '../../../shared/queues.js';
import type { Platform } from '../../platform/context.js';
import type { QueueProcessor } from '../../platform/queues.js';
import { createMailTransport } from '../../platform/mail.js';
import { openEmail } from './sealing.js';
import { sendEmailJob } from './sender.js';

/** The `email` queue: one transport per worker process (MAIL_URL, else the outbox collection). */
export function emailProcessor(platform: Platform): QueueProcessor<typeof Queues.email> {
  const transport = createMailTransport(platform.db, platform.config.mailUrl, platform.config.mailFrom);
  return async (job) => sendEmailJob(platform.db, transport, openEmail(platform.config.jwtSecret, job.data));
}
