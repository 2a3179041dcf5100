import type { Queues } from '../shared/queues.js';
import type { Platform } from '../server/platform/context.js';
import type { QueueProcessor } from '../server/platform/queues.js';
import type { MailTransport } from '../server/platform/mail.js';
import { sendEmailJob } from '../server/features/email/sender.js';

export function emailProcessor(platform: Platform, transport: MailTransport): QueueProcessor<typeof Queues.email> {
  return async (job) => sendEmailJob(platform.db, transport, job.data);
}
