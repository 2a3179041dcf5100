import type { Job } from 'bullmq';
import type { EmailJob } from '../shared/queues.js';
import type { Platform } from '../server/platform/context.js';
import type { MailTransport } from '../server/platform/mail.js';
import { sendEmailJob } from '../server/features/email/sender.js';

export function emailProcessor(platform: Platform, transport: MailTransport) {
  return async (job: Job<EmailJob>) => sendEmailJob(platform.db, transport, job.data);
}
